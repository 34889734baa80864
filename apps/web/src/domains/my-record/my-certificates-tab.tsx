import { PrinterOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { type Certificate, certificateStandingLabels } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, List, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useLang } from '../../shell/i18n';
import { moduleTexts } from '../../shell/module-texts';
import { call } from '../../shell/request';

const { useTexts } = moduleTexts(
  'myCertificates',
  {
    empty: 'No certificates yet. Completing a course or a training programme, or graduating, issues one here.',
    number: 'No. {{no}}',
    issued: 'Issued {{date}}',
    expires: 'valid until {{date}}',
    never: 'does not expire',
    hours: '{{hours}} hours',
    print: 'Print / PDF',
    verify: 'Verification page',
    revokedWhy: 'Revoked: {{reason}}',
  },
  {
    empty: '暂无证书。完成课程、培训项目或毕业后，证书会出现在这里。',
    number: '编号 {{no}}',
    issued: '颁发于 {{date}}',
    expires: '有效期至 {{date}}',
    never: '长期有效',
    hours: '{{hours}} 学时',
    print: '打印 / PDF',
    verify: '验证页面',
    revokedWhy: '已撤销：{{reason}}',
  },
);

const day = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '');

// The student's own certificates: each with its standing, number, dates, and links to print it and
// to its public verification page (what an employer scanning the QR code sees).
export function MyCertificatesTab() {
  const { t } = useTexts();
  const lang = useLang();
  const mine = useQuery({
    queryKey: ['certificate', 'my'],
    queryFn: () => call(api.certificate.my, { body: { pageIndex: 1, pageSize: 100 } }),
  });
  if (mine.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const list = mine.data?.list ?? [];
  if (!list.length) return <Empty description={t('myCertificates.empty')} />;
  const label = (c: Certificate) => certificateStandingLabels[c.standing];
  return (
    <List
      grid={{ gutter: 16, xs: 1, md: 2 }}
      dataSource={list}
      renderItem={(c) => (
        <List.Item>
          <Card
            size="small"
            title={
              <Space>
                <SafetyCertificateOutlined />
                {c.title}
              </Space>
            }
            extra={<Tag color={label(c).color}>{lang === 'zh' ? label(c).zh : label(c).en}</Tag>}
            actions={[
              <Button
                key="print"
                type="link"
                icon={<PrinterOutlined />}
                href={`/certificate/print/${c.id}`}
                target="_blank"
                disabled={c.standing === 'revoked' || c.standing === 'superseded'}
              >
                {t('myCertificates.print')}
              </Button>,
              <Button key="verify" type="link" href={`/verify/${c.code}`} target="_blank">
                {t('myCertificates.verify')}
              </Button>,
            ]}
          >
            {c.snapshot.what !== c.title && <div>{c.snapshot.what}</div>}
            <Typography.Text type="secondary">
              {[
                t('myCertificates.number', { no: c.certificateNo }),
                c.hours !== null && t('myCertificates.hours', { hours: c.hours }),
                t('myCertificates.issued', { date: day(c.issuedAt) }),
                c.expiresAt ? t('myCertificates.expires', { date: day(c.expiresAt) }) : t('myCertificates.never'),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
            {c.standing === 'revoked' && c.revokeReason && (
              <div>
                <Typography.Text type="danger">
                  {t('myCertificates.revokedWhy', { reason: c.revokeReason })}
                </Typography.Text>
              </div>
            )}
          </Card>
        </List.Item>
      )}
    />
  );
}
