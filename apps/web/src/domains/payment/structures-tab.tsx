import {
  type FeeStructure,
  feeStructureMeta,
  type ResourceMeta,
  type ScreenPrefix,
  zFeeStructureCreate,
} from '@lyceum/contract';
import { type TableColumnsType, Typography } from 'antd';
import { ResourceScreen } from '../../crud/resource-screen';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { formatMoney } from '../../ui/money-format';
import { usePaymentTexts } from './payment-words';
import { StructureEditor } from './structure-editor';

// Fee structures are read with payment:page and changed with payment:invoice alone, so the screen
// says who may act through `can`; no Excel sheets.
const meta: ResourceMeta = { ...feeStructureMeta, permission: 'payment' as ScreenPrefix };

// The fee structures: per term and grade, their items and total, the plan in instalments, and how
// many invoices were made from each.
export function StructuresTab() {
  const { t } = usePaymentTexts();
  const lang = useLang();
  const canInvoice = usePermission(['payment:invoice']);

  const columns = (base: TableColumnsType<FeeStructure>): TableColumnsType<FeeStructure> => {
    const byKey = (key: string) => base.find((c) => c.key === key);
    return [
      {
        ...byKey('name'),
        ellipsis: false,
        width: 200,
        render: (_: unknown, s) => (
          <div>
            <div>{s.name}</div>
            <Typography.Text type="secondary" className="pay-sub">
              {s.items.map((i) => i.name).join(' · ')}
            </Typography.Text>
          </div>
        ),
      },
      { ...byKey('semesterId'), width: 150 },
      { ...byKey('gradeYear'), width: 80, render: (_: unknown, s) => s.gradeYear ?? t('payment.anyGrade') },
      {
        ...byKey('total'),
        width: 120,
        align: 'right',
        render: (_: unknown, s) => <span className="pay-figure">{formatMoney(s.total, s.currency, lang)}</span>,
      },
      {
        key: 'plan',
        title: t('payment.plan'),
        width: 220,
        render: (_: unknown, s) => (
          <div className="pay-plan-cell">
            {s.plan.map((p, i) => (
              <div key={p.dueDate}>
                {p.label || t('payment.instalmentN', { n: i + 1 })}: {p.percent}% · {p.dueDate}
              </div>
            ))}
          </div>
        ),
      },
      { ...byKey('invoices'), width: 90, align: 'right' },
    ];
  };

  return (
    <ResourceScreen<FeeStructure>
      meta={meta}
      schema={zFeeStructureCreate}
      slots={{
        can: { create: canInvoice, update: canInvoice, remove: canInvoice },
        createLabel: t('payment.structureCreate'),
        transfer: false,
        columns,
        deleteLock: (row) => row.invoices > 0 && t('payment.structureInUse'),
        deleteConfirm: (row) => ({ title: t('payment.structureDeleteConfirm', { name: row.name }) }),
        emptyText: t('payment.structuresEmpty'),
        filterFormName: 'fee-structure-filter',
        editor: ({ editing, close, saved }) => <StructureEditor editing={editing} onClose={close} onSaved={saved} />,
      }}
    />
  );
}
