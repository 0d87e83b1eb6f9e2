import { Chip, darken } from '@mui/material';

export type Tone = 'success' | 'warning' | 'error' | 'default';

/** A state as an outlined chip whose text stays readable on every tone (darkened, as settlements do). */
export function StateChip({ tone, label }: { tone: Tone; label: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label}
      sx={(theme) =>
        tone === 'default'
          ? { bgcolor: 'background.paper', alignSelf: 'flex-start' }
          : {
              color: darken(theme.palette[tone].main, 0.45),
              borderColor: theme.palette[tone].main,
              bgcolor: 'background.paper',
              alignSelf: 'flex-start',
            }
      }
    />
  );
}
