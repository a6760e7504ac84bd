// Placeholder: the department-switch modal (SPEC §4, §8; width 450).
export default function DepartModal(_props: { open: boolean; onClose: () => void }) {
  return null;
}
