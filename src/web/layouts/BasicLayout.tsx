// Placeholder replaced by the real component.
export default function BasicLayout() {
  return <div>BasicLayout</div>;
}
