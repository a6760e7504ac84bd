// Placeholder replaced by the real component.
export default function LoginPage() {
  return <div>LoginPage</div>;
}
