import { NativeSelect } from '@chakra-ui/react';
import { ROLE_LABELS, ROLES, type Role } from '../../contract';

export interface RoleSelectProps {
  value: Role;
  onChange: (role: Role) => void;
  /** The name screen readers give it, where no visible label (a Field's) names it. */
  label?: string;
  /** The id of what describes the chosen role. */
  describedBy?: string;
  disabled?: boolean;
  /** 'md' beside a form's inputs; 'sm' in a list's rows. */
  size?: 'sm' | 'md';
}

/** A native select of the roles, from the most to the least trusted (the keyboard and screen readers know it as is). */
export function RoleSelect({ value, onChange, label, describedBy, disabled = false, size = 'sm' }: RoleSelectProps) {
  return (
    <NativeSelect.Root size={size} w="9rem" flexShrink={0} disabled={disabled}>
      <NativeSelect.Field
        value={value}
        aria-label={label}
        aria-describedby={describedBy}
        bg="bg.card"
        onChange={(event) => {
          const chosen = ROLES.find((role) => role === event.target.value);
          if (chosen) onChange(chosen);
        }}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
