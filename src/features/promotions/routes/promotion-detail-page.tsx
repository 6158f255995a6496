// /admin/manage-discount-codes/:discountId: stat cards (uses, applicable services, remaining,
// days left), each basic field editable on its own (Save / Cancel), max uses and created date
// read-only, applicable services grid; an unknown id shows "not found" with a back button. A code
// no booking used can be deleted; a used one offers a pause instead (docs/product.md#catalogue-deletion).
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { DeleteUnusedButton } from '@/components/domain/delete-unused-button.tsx';
import { buttonClassName } from '@/components/ui/button.tsx';
import { InlineEdit } from '@/components/ui/inline-edit.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { StatCard } from '@/components/ui/stat-card.tsx';
import { NotFoundState } from '@/components/ui/detail-states.tsx';
import { ErrorState, LoadingState } from '@/components/ui/states.tsx';
import { saveUnlessConflict } from '@/lib/errors/errors.ts';
import { formatDateTime, formatNumber } from '@/lib/format/format.ts';
import { promotions as t } from '@/lib/messages/promotions.ts';
import { promotionKeys } from '@/features/promotions/api/keys.ts';
import { daysLeft, remainingUses } from '@/features/promotions/api/promotion-rules.ts';
import { usePromotion } from '@/features/promotions/api/promotion-query.ts';
import { usePromotionServices } from '@/features/promotions/api/promotion-services-query.ts';
import type { PromotionRow } from '@/features/promotions/api/promotion-types.ts';
import { useUpdatePromotion, type PromotionPatch } from '@/features/promotions/api/promotion-update-mutation.ts';
import { ApplicableServices } from '@/features/promotions/components/applicable-services.tsx';
import { CodeEditor, DiscountValueEditor, ExpiryEditor, StatusEditor } from '@/features/promotions/components/promotion-field-editors.tsx';

const LIST_PATH = '/admin/manage-discount-codes';

function NotFound() {
  return (
    <NotFoundState title={t.detail.notFound}>
      <Link to={LIST_PATH} className={buttonClassName('primary')}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t.detail.back}
      </Link>
    </NotFoundState>
  );
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 border-b border-slate-100 py-2 sm:grid-cols-3 sm:items-center">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="sm:col-span-2">{children}</dd>
    </div>
  );
}

function Detail({ row }: { row: PromotionRow }) {
  const update = useUpdatePromotion();
  const services = usePromotionServices(row.id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const save = (patch: PromotionPatch) => saveUnlessConflict(() => update.mutateAsync({ row, patch }));

  return (
    <div>
      <PageHeader
        title={t.detail.title(row.code)}
        back={{ to: LIST_PATH, label: t.detail.back }}
        actions={
          <DeleteUnusedButton
            kind="promotion"
            id={row.id}
            name={row.code}
            size="md"
            hidden={row.status === 'inactive'}
            onHide={() => save({ status: 'inactive' })}
            onDeleted={() => {
              void queryClient.invalidateQueries({ queryKey: promotionKeys.all });
              void navigate(LIST_PATH);
            }}
          />
        }
      />
      <div className="mb-6 grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label={t.detail.stats.uses} value={formatNumber(row.uses_count)} tone="info" />
        <StatCard label={t.detail.stats.services} value={services.data ? formatNumber(services.data.length) : '…'} />
        <StatCard label={t.detail.stats.remaining} value={formatNumber(remainingUses(row.max_uses, row.uses_count))} tone="success" />
        <StatCard label={t.detail.stats.daysLeft} value={formatNumber(daysLeft(row.expires_at))} tone="warning" />
      </div>

      <section aria-labelledby="basic-info-title" className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="basic-info-title" className="mb-2 text-lg font-semibold text-slate-900">
          {t.detail.basicInfo}
        </h2>
        <dl>
          <InfoRow label={t.columns.code}>
            <CodeEditor row={row} label={t.columns.code} save={save} display={<span className="font-mono font-semibold">{row.code}</span>} />
          </InfoRow>
          <InfoRow label={t.columns.type}>
            <InlineEdit
              variant="select"
              label={t.columns.type}
              value={row.discount_type}
              options={[
                { value: 'percentage', label: t.type.percentage },
                { value: 'fixed_amount', label: t.type.fixed_amount },
              ]}
              onSave={(value) => save({ discount_type: value === 'fixed_amount' ? 'fixed_amount' : 'percentage' })}
            />
          </InfoRow>
          <InfoRow label={t.columns.value}>
            <DiscountValueEditor row={row} label={t.columns.value} save={save} />
          </InfoRow>
          <InfoRow label={t.columns.expiresAt}>
            <ExpiryEditor row={row} label={t.columns.expiresAt} save={save} display={formatDateTime(row.expires_at)} invalid={t.dateInvalid} inputClassName="w-56" />
          </InfoRow>
          <InfoRow label={t.columns.status}>
            <StatusEditor row={row} label={t.columns.status} save={save} />
          </InfoRow>
          <InfoRow label={`${t.detail.maxUses} (${t.detail.readOnly})`}>
            <span className="px-1 tabular-nums">{formatNumber(row.max_uses)}</span>
          </InfoRow>
          <InfoRow label={`${t.detail.createdAt} (${t.detail.readOnly})`}>
            <span className="px-1">{formatDateTime(row.created_at)}</span>
          </InfoRow>
        </dl>
      </section>

      <ApplicableServices codeId={row.id} />
    </div>
  );
}

export default function PromotionDetailPage() {
  const { discountId = '' } = useParams();
  const promotion = usePromotion(discountId);
  if (promotion.isPending) return <LoadingState />;
  if (promotion.error) {
    return <ErrorState title={t.detail.loadFailed} error={promotion.error} onRetry={() => void promotion.refetch()} />;
  }
  if (promotion.data === null) return <NotFound />;
  return <Detail row={promotion.data} />;
}
