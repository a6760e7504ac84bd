// Placeholder: the change-password modal (SPEC §4, §5, §8; width 800).
export default function PasswordModal(_props: { open: boolean; onClose: () => void }) {
  return null;
}
