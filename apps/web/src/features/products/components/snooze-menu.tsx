import type { Product, SnoozeBody } from '@dostava/shared';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import { Button, Divider, Menu, MenuItem } from '@mui/material';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { formatTime } from '../../../lib/format';
import { useSnoozeProduct } from '../api/products';

/** "In stock", "Out of stock", "Out of stock until 21:00". */
export function stockText(t: TFunction, product: Pick<Product, 'snoozed' | 'snoozed_until'>): string {
  if (!product.snoozed) return t('products.in_stock');
  return product.snoozed_until
    ? t('products.out_of_stock_until', { time: formatTime(product.snoozed_until) })
    : t('products.out_of_stock');
}

const HOURS = [1, 2] as const;

/** A product's stock in the products list: its state, and a menu to snooze it or bring it back. */
export function SnoozeMenu({ product, disabled }: { product: Product; disabled: boolean }) {
  const { t } = useTranslation();
  const snooze = useSnoozeProduct();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const state = stockText(t, product);

  const choose = (body: SnoozeBody | null) => {
    setAnchor(null);
    snooze.mutate(
      { product, body },
      {
        onSuccess: ({ data: next }) =>
          toast.success(
            next.snoozed
              ? t('products.snoozed_toast', { name: next.name, state: stockText(t, next) })
              : t('products.back_in_stock_toast', { name: next.name }),
            { toastId: `snooze:${next.id}:${next.snoozed}` },
          ),
      },
    );
  };

  return (
    <>
      <Button
        size="small"
        color={product.snoozed ? 'error' : 'inherit'}
        endIcon={disabled ? undefined : <ArrowDropDown />}
        aria-haspopup="menu"
        aria-label={`${t('products.snooze_item', { name: product.name })}: ${state}`}
        disabled={disabled || snooze.isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', whiteSpace: 'nowrap' }}
      >
        {state}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose({ mode: 'end_of_day' })}>{t('products.snooze_end_of_day')}</MenuItem>
        {HOURS.map((count) => (
          <MenuItem
            key={count}
            onClick={() =>
              choose({ mode: 'until', until: new Date(Date.now() + count * 3_600_000).toISOString() })
            }
          >
            {t('products.snooze_hours', { count })}
          </MenuItem>
        ))}
        <MenuItem onClick={() => choose({ mode: 'manual' })}>{t('products.snooze_manual')}</MenuItem>
        <Divider />
        <MenuItem disabled={!product.snoozed} onClick={() => choose(null)}>
          {t('products.unsnooze')}
        </MenuItem>
      </Menu>
    </>
  );
}
