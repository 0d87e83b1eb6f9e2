import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1565c0' },
    background: { default: '#f6f8fb' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: '2px solid #1565c0', outlineOffset: 2 },
        },
      },
    },
    // A disabled field's help still has to be read (a read-only form explains itself): MUI's disabled
    // grey fails the contrast check.
    MuiFormHelperText: {
      styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } },
    },
    // MUI's orange on white is too faint for the small words of an outlined chip (axe: contrast).
    MuiChip: {
      styleOverrides: {
        root: {
          variants: [{ props: { variant: 'outlined', color: 'warning' }, style: { color: '#8a4500' } }],
        },
      },
    },
    MuiLink: {
      styleOverrides: {
        root: { '&:focus-visible': { outline: '2px solid #1565c0', outlineOffset: 2 } },
      },
    },
  },
});
