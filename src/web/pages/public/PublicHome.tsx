// Placeholder replaced by the real component.
export default function PublicHome() {
  return <div>PublicHome</div>;
}
