import { PrinterOutlined, RetweetOutlined, SafetyCertificateOutlined, StopOutlined } from '@ant-design/icons';
import {
  type Certificate,
  CertificateStatus,
  type CertificateTemplate,
  certificateMeta,
  certificateStandingLabels,
  certificateTemplateMeta,
  type ResourceMeta,
  type ScreenPrefix,
  zCertificateFilter,
  zCertificateTemplateCreate,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQueryClient } from '@tanstack/react-query';
import { Button, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useState } from 'react';
import { ResourceScreen } from '../../crud/resource-screen';
import type { RowAction } from '../../crud/row-actions';
import { useAction } from '../../crud/use-action';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { CERTIFICATE_KEY, printPath, verifyUrl } from './certificate-api';
import { IssueDialog, RevokeDialog } from './certificate-dialogs';
import { useCertificateTexts } from './certificate-texts';

// Certificates are read with training:page, exported with training:export; issued, reissued and
// revoked with their own buttons (no create, update or delete).
const meta: ResourceMeta = { ...certificateMeta, permission: 'training' as ScreenPrefix };
// Templates are written with certificate:template alone.
const templateMeta: ResourceMeta = { ...certificateTemplateMeta, permission: 'training' as ScreenPrefix };

export function StandingTag({ standing }: { standing: Certificate['standing'] }) {
  const lang = useLang();
  const l = certificateStandingLabels[standing];
  return <Tag color={l.color}>{lang === 'zh' ? l.zh : l.en}</Tag>;
}

// Issued certificates: who holds which, its number and standing; issue by hand, print, reissue,
// revoke with a reason, and the verification page of each.
export function CertificatesTab() {
  const { t } = useCertificateTexts();
  const client = useQueryClient();
  const canIssue = usePermission(['certificate:issue']);
  const canRevoke = usePermission(['certificate:revoke']);
  const [issuing, setIssuing] = useState(false);
  const [revoking, setRevoking] = useState<Certificate | null>(null);
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: [CERTIFICATE_KEY] }), [client]);
  const act = useAction(reload);
  const notValid = (row: Certificate) => row.status !== CertificateStatus.Valid && t('certificate.onlyValid');
  const actions: RowAction<Certificate>[] = [
    {
      key: 'print',
      label: t('certificate.print'),
      icon: <PrinterOutlined />,
      onClick: (row) => window.open(printPath(row.id), '_blank', 'noopener'),
    },
    {
      key: 'reissue',
      label: t('certificate.reissue'),
      icon: <RetweetOutlined />,
      allowed: canIssue,
      disabled: notValid,
      onClick: (row) =>
        act(api.certificate.reissue, {
          title: t('certificate.reissueTitle', { no: row.certificateNo }),
          content: t('certificate.reissueText'),
          okText: t('certificate.reissue'),
          input: { params: { id: row.id }, body: {} },
          done: () => t('certificate.reissueDone', { no: row.certificateNo }),
        }),
    },
    {
      key: 'revoke',
      label: t('certificate.revoke'),
      icon: <StopOutlined />,
      danger: true,
      allowed: canRevoke,
      disabled: notValid,
      onClick: setRevoking,
    },
  ];
  const columns = (base: TableColumnsType<Certificate>): TableColumnsType<Certificate> => {
    const byKey = (key: string) => base.find((c) => c.key === key) ?? {};
    return [
      {
        ...byKey('certificateNo'),
        width: 170,
        render: (_: unknown, c) => (
          <div>
            <div>{c.certificateNo}</div>
            <Typography.Link href={verifyUrl(c.code)} target="_blank" rel="noopener" className="cert-sub">
              {t('certificate.verifyLink')}
            </Typography.Link>
          </div>
        ),
      },
      {
        ...byKey('holderName'),
        width: 140,
        render: (_: unknown, c) => (
          <div>
            <div>{c.holderName}</div>
            <Typography.Text type="secondary">{c.userName}</Typography.Text>
          </div>
        ),
      },
      { ...byKey('title'), width: 220 },
      { ...byKey('hours'), width: 80, align: 'right' },
      {
        key: 'standing',
        title: t('certificate.standing'),
        width: 110,
        render: (_: unknown, c) => <StandingTag standing={c.standing} />,
      },
      {
        ...byKey('issuedAt'),
        width: 150,
        render: (_: unknown, c) => (
          <div>
            <div>{dayjs(c.issuedAt).format('YYYY-MM-DD')}</div>
            <Typography.Text type="secondary">
              {c.expiresAt
                ? t('certificate.expires', { date: dayjs(c.expiresAt).format('YYYY-MM-DD') })
                : t('certificate.noExpiry')}
            </Typography.Text>
          </div>
        ),
      },
    ];
  };
  return (
    <ResourceScreen<Certificate>
      meta={meta}
      schema={zCertificateFilter}
      slots={{
        can: { create: false, update: false, remove: false },
        create: canIssue ? (
          <Button type="primary" icon={<SafetyCertificateOutlined />} onClick={() => setIssuing(true)}>
            {t('certificate.issue')}
          </Button>
        ) : null,
        transfer: 'export',
        columns,
        rowActions: actions,
        emptyText: t('certificate.empty'),
        filterFormName: 'certificate-filter',
      }}
    >
      <IssueDialog open={issuing} onClose={() => setIssuing(false)} onDone={reload} />
      <RevokeDialog certificate={revoking} onClose={() => setRevoking(null)} onDone={reload} />
    </ResourceScreen>
  );
}

// Templates: heading, wording with placeholders, logo, seal, signatory and orientation.
export function TemplatesTab() {
  const { t } = useCertificateTexts();
  const can = usePermission(['certificate:template']);
  return (
    <ResourceScreen<CertificateTemplate>
      meta={templateMeta}
      schema={zCertificateTemplateCreate}
      slots={{
        can: { create: can, update: can, remove: can },
        createLabel: t('certificate.templateCreate'),
        transfer: false,
        emptyText: t('certificate.templatesEmpty'),
      }}
    />
  );
}
