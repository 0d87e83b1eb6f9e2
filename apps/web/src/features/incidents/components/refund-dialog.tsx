import {
  CASH_RETURNS,
  formatMoney,
  LIABLE_PARTIES,
  type OrderRefunds,
  parseMoneyInput,
  type RefundBody,
  refundBody,
} from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { type Resolver, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/form-dialog';
import { FormSelectField } from '../../../components/form-select-field';
import { FormSwitchField } from '../../../components/form-switch-field';
import { FormTextField } from '../../../components/form-text-field';
import { useApiForm } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';
import { useCreateRefund } from '../api/incidents';

interface FormValues {
  quantities: Record<string, string>;
  delivery_fee: boolean;
  /** KM as typed. */
  fixed_amount: string;
  liable: string;
  split_restaurant: string;
  split_operation: string;
  split_driver: string;
  payment_reference: string;
  cash_return: string;
  reason: string;
}

const bodyResolver = zodResolver(refundBody);
const km = (text: string) => (text.trim() ? parseMoneyInput(text, currentLanguage()) : 0);
type FieldErrors = Record<string, { type: string; message: string } | Record<string, unknown> | undefined>;

/** The form as the shared `refundBody`: quantities per line, amounts read from KM. */
function toBody(values: FormValues, refundsOf: OrderRefunds) {
  const lines = Object.entries(values.quantities)
    .map(([key, quantity]) => ({ order_item_id: Number(key.slice(1)), quantity: (quantity ?? '').trim() }))
    .filter((line) => line.quantity !== '' && line.quantity !== '0');
  const shared = values.liable === 'shared';
  return {
    lines,
    delivery_fee: values.delivery_fee,
    fixed_amount: km(values.fixed_amount) ?? Number.NaN,
    liable: values.liable || undefined,
    split: shared
      ? {
          restaurant: km(values.split_restaurant) ?? Number.NaN,
          operation: km(values.split_operation) ?? Number.NaN,
          driver: km(values.split_driver) ?? Number.NaN,
        }
      : undefined,
    payment_reference: refundsOf.payment_method === 'card' ? values.payment_reference : undefined,
    cash_return: refundsOf.payment_method === 'cash' ? values.cash_return || undefined : undefined,
    reason: values.reason,
  };
}

function resolverFor(refundsOf: OrderRefunds): Resolver<FormValues, unknown, RefundBody> {
  return async (values, context, options) => {
    const body = toBody(values, refundsOf);
    const result = await bodyResolver(body as never, context, options as never);
    const errors = result.errors as FieldErrors;
    if (errors.lines) {
      const byIndex = errors.lines as Record<string, { message?: string; quantity?: { message: string } }>;
      const quantities: Record<string, unknown> = {};
      for (const [i, line] of body.lines.entries()) {
        const message = byIndex[i]?.quantity?.message;
        if (message) quantities[`l${line.order_item_id}`] = { type: 'validate', message };
      }
      if (Object.keys(quantities).length) errors.quantities = quantities;
      // "Choose something to refund" is said under the amount, the last of the choices.
      if (byIndex.message) errors.fixed_amount = { type: 'validate', message: byIndex.message };
      delete errors.lines;
    }
    if (errors.split) {
      const split = errors.split as { message?: string; restaurant?: { message: string } };
      errors.split_restaurant = {
        type: 'validate',
        message: split.message ?? split.restaurant?.message ?? '',
      };
      delete errors.split;
    }
    if (Number.isNaN(body.fixed_amount))
      errors.fixed_amount = { type: 'validate', message: 'validation.price' };
    return result as Awaited<ReturnType<Resolver<FormValues, unknown, RefundBody>>>;
  };
}

const empty = (): FormValues => ({
  quantities: {},
  delivery_fee: false,
  fixed_amount: '',
  liable: '',
  split_restaurant: '',
  split_operation: '',
  split_driver: '',
  payment_reference: '',
  cash_return: '',
  reason: '',
});

interface RefundDialogProps {
  open: boolean;
  onClose: () => void;
  orderId: number;
  orderNumber: string;
  incidentId?: number | undefined;
  refunds: OrderRefunds;
  /** After the refund is recorded (the incident can then be resolved as refunded). */
  onRefunded?: () => void;
}

/** A partial refund: some items, the delivery fee, a fixed amount; who carries it; how the money went back. */
export function RefundDialog({
  open,
  onClose,
  orderId,
  orderNumber,
  incidentId,
  refunds,
  onRefunded,
}: RefundDialogProps) {
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, currentLanguage());
  const create = useCreateRefund(orderId);
  // One key per opening of the dialog: a double click or a retry sends the same one.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [refusal, setRefusal] = useState<string | null>(null);
  const resolver = useMemo(() => resolverFor(refunds), [refunds]);
  const { control, submit, busy, reset } = useApiForm({
    guard: open,
    resolver,
    defaultValues: empty(),
    save: (body: RefundBody) => create.mutateAsync({ body: { ...body, incident_id: incidentId }, key }),
    onRefusal: setRefusal,
    onSaved: (answer) => {
      toast.success(
        t(answer.data.status === 'approved' ? 'incidents.refunds.created' : 'incidents.refunds.waiting'),
      );
      onRefunded?.();
      onClose();
    },
  });
  useEffect(() => {
    if (open) {
      reset(empty());
      setKey(crypto.randomUUID());
      setRefusal(null);
    }
  }, [open, reset]);

  const values = useWatch({ control }) as FormValues;
  const deliveryLeft = refunds.delivery_costs - refunds.delivery_refunded;
  const total =
    refunds.lines.reduce((sum, line) => {
      const q = Number(values.quantities?.[`l${line.order_item_id}`] || 0);
      return sum + (Number.isInteger(q) && q > 0 ? q * line.unit_price : 0);
    }, 0) +
    (values.delivery_fee ? deliveryLeft : 0) +
    (km(values.fixed_amount ?? '') ?? 0);

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={busy}
      onSubmit={submit}
      title={t('incidents.refunds.dialog_title', { number: orderNumber })}
      description={`${t('incidents.refunds.paid')}: ${money(refunds.paid)} · ${t('incidents.refunds.remaining')}: ${money(refunds.remaining)}`}
      submitLabel={t('incidents.refunds.new')}
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {refusal ? (
          <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
            {refusal}
          </Alert>
        ) : null}
        {refunds.lines.map((line) => (
          <FormTextField
            key={line.order_item_id}
            control={control}
            name={`quantities.l${line.order_item_id}`}
            label={t('incidents.quantity_of', { name: line.name })}
            helperText={t('incidents.refunds.quantity_left', {
              name: money(line.unit_price),
              left: line.quantity - line.refunded_quantity,
              quantity: line.quantity,
            })}
            inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
          />
        ))}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormSwitchField
            control={control}
            name="delivery_fee"
            kind="checkbox"
            disabled={deliveryLeft === 0}
            label={t('incidents.refunds.delivery_fee', { amount: money(deliveryLeft) })}
          />
        </Box>
        <FormTextField
          control={control}
          name="fixed_amount"
          shrinkLabel
          label={t('incidents.refunds.fixed_amount')}
          inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
        />
        <FormSelectField
          control={control}
          name="liable"
          required
          label={t('incidents.refunds.liable')}
          placeholder={t('incidents.refunds.liable')}
          options={LIABLE_PARTIES.filter((p) => p !== 'driver' || refunds.driver_deductions_allowed).map(
            (p) => ({
              value: p,
              label: t(`incidents.refunds.liable_parties.${p}`),
            }),
          )}
        />
        {values.liable === 'shared' ? (
          <>
            <FormTextField
              control={control}
              name="split_restaurant"
              shrinkLabel
              label={t('incidents.refunds.split_restaurant')}
              inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
            />
            <FormTextField
              control={control}
              name="split_operation"
              shrinkLabel
              label={t('incidents.refunds.split_operation')}
              inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
            />
            {refunds.driver_deductions_allowed ? (
              <FormTextField
                control={control}
                name="split_driver"
                shrinkLabel
                label={t('incidents.refunds.split_driver')}
                inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
              />
            ) : null}
          </>
        ) : null}
        {refunds.payment_method === 'card' ? (
          <FormTextField
            control={control}
            name="payment_reference"
            required
            label={t('incidents.refunds.payment_reference')}
            inputProps={{ maxLength: 100 }}
          />
        ) : (
          <FormSelectField
            control={control}
            name="cash_return"
            required
            label={t('incidents.refunds.cash_return')}
            placeholder={t('incidents.refunds.cash_return')}
            options={CASH_RETURNS.map((c) => ({ value: c, label: t(`incidents.refunds.cash_returns.${c}`) }))}
          />
        )}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormTextField
            control={control}
            name="reason"
            required
            multiline
            minRows={2}
            label={t('incidents.reason')}
          />
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }} role="status">
          <Typography sx={{ fontWeight: 600 }}>
            {t('incidents.refunds.total', { amount: money(total) })}
          </Typography>
          {total > refunds.approval_threshold ? (
            <Typography variant="body2" color="text.secondary">
              {t('incidents.refunds.over_threshold', { amount: money(refunds.approval_threshold) })}
            </Typography>
          ) : null}
        </Box>
      </Box>
    </FormDialog>
  );
}
