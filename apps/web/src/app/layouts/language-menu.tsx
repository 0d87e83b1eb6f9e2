import { LANGUAGES, type Language } from '@dostava/shared';
import Check from '@mui/icons-material/Check';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../lib/i18n';

interface LanguageMenuProps {
  id: string;
  anchor: HTMLElement | null;
  language: Language;
  onClose: () => void;
}

export function LanguageMenu({ id, anchor, language, onClose }: LanguageMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {LANGUAGES.map((option) => (
        <MenuItem
          key={option}
          lang={option}
          role="menuitemradio"
          aria-checked={option === language}
          selected={option === language}
          onClick={() => {
            onClose();
            void changeLanguage(option);
          }}
        >
          <ListItemIcon>{option === language ? <Check fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{t(`language.${option}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
