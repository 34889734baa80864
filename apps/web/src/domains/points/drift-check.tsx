import { AuditOutlined, CheckCircleFilled, WarningFilled } from '@ant-design/icons';
import { Alert, Button, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useLang } from '../../shell/i18n';
import { pointsText, signedPointsText } from '../../ui/points-format';
import { type DriftCheck, pointCalls } from './points-api';
import { usePointsTexts } from './points-words';

type Drifted = DriftCheck['drifted'][number];

// "Check balances against the ledger": every balance beside the sum of its entries, now (the nightly
// job does the same and logs what it finds). Anyone who sees the points may ask; nothing is changed.
export function DriftCheckButton() {
  const { t } = usePointsTexts();
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const [check, setCheck] = useState<DriftCheck | null>(null);

  async function run() {
    setBusy(true);
    try {
      setCheck(await pointCalls.driftCheck());
    } catch {
      // The request client has said why.
    } finally {
      setBusy(false);
    }
  }

  const nameOf = (d: Drifted) => (d.realName ? `${d.realName} (${d.userName ?? ''})` : `#${d.userId}`);
  return (
    <>
      <Button icon={<AuditOutlined />} loading={busy} onClick={() => void run()}>
        {t('points.driftCheck')}
      </Button>
      <Modal
        open={check !== null}
        title={t('points.driftTitle')}
        onCancel={() => setCheck(null)}
        footer={<Button onClick={() => setCheck(null)}>{t('common.close')}</Button>}
        width={check?.drifted.length ? 640 : 480}
      >
        {check &&
          (check.drifted.length === 0 ? (
            <Alert
              type="success"
              showIcon
              icon={<CheckCircleFilled />}
              message={t('points.driftOk', {
                accounts: pointsText(check.accounts, lang),
                entries: pointsText(check.entries, lang),
              })}
            />
          ) : (
            <>
              <Alert
                type="error"
                showIcon
                icon={<WarningFilled />}
                message={t('points.driftFound', { count: check.drifted.length })}
              />
              <Table<Drifted>
                className="points-drift-table"
                rowKey="userId"
                size="small"
                pagination={false}
                dataSource={check.drifted}
                columns={[
                  { key: 'person', title: t('points.person'), render: (_, d) => nameOf(d) },
                  {
                    key: 'balance',
                    title: t('points.balance'),
                    align: 'right',
                    render: (_, d) => pointsText(d.balance, lang),
                  },
                  {
                    key: 'ledgerSum',
                    title: t('points.ledgerSum'),
                    align: 'right',
                    render: (_, d) => pointsText(d.ledgerSum, lang),
                  },
                  {
                    key: 'difference',
                    title: t('points.difference'),
                    align: 'right',
                    render: (_, d) => signedPointsText(d.balance - d.ledgerSum, lang),
                  },
                ]}
              />
            </>
          ))}
        <Typography.Paragraph type="secondary" className="points-drift-hint">
          {t('points.driftHint')}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
