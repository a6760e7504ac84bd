// Placeholder replaced by the real component.
import { Outlet } from "react-router-dom";
export default function UserLayout() {
  return <Outlet />;
  return <div>UserLayout</div>;
}
