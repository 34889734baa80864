import { ApiOutlined, CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import {
  type LiveProviderRow,
  liveProviderMeta,
  type ResourceMeta,
  type ScreenPrefix,
  zLiveProviderCreate,
} from '@lyceum/contract';
import { App, Form, Input, Select, Switch, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { EditorDrawer, useFormSave } from '../../crud/form-save';
import { ResourceScreen } from '../../crud/resource-screen';
import type { Editing } from '../../crud/screen-slots';
import { zodRule } from '../../crud/zod-rules';
import { usePermission } from '../../shell/permission';
import { useRequired } from '../../ui/editor-kit';
import { liveCalls, type ProviderSave, providerApi } from './live-api';
import { useLiveTexts } from './live-words';

// The servers are behind liveClass:settings alone (reading included), so the kit is told who may
// act through `can`; the prefix is only the resource's name here (no Excel buttons).
const meta: ResourceMeta = { ...liveProviderMeta, permission: 'liveClass' as ScreenPrefix };

interface ProviderValues {
  name?: string;
  url?: string;
  secret?: string;
  checksumAlgorithm: ProviderSave['checksumAlgorithm'];
  isDefault: boolean;
  enabled: boolean;
}

const shape = zLiveProviderCreate.shape;

// A BigBlueButton server of the organisation: its API address and shared secret (written, never read
// back: blank on an edit keeps the stored one), the checksum its API expects, whether it is the one
// live classes use unless they name another, and whether it may be used at all.
function ProviderEditor({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing<LiveProviderRow> | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useLiveTexts();
  const { message } = App.useApp();
  const required = useRequired();
  const [form] = Form.useForm<ProviderValues>();
  const row = editing?.kind === 'edit' ? editing.row : null;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? {
            name: row.name,
            url: row.url,
            secret: '',
            checksumAlgorithm: row.checksumAlgorithm,
            isDefault: row.isDefault,
            enabled: row.enabled,
          }
        : { checksumAlgorithm: shape.checksumAlgorithm.parse(undefined), isDefault: false, enabled: true },
    );
  }, [editing, row, form]);

  const { saving, save } = useFormSave(form, {
    toBody: (v: ProviderValues): ProviderSave => ({
      name: v.name?.trim() ?? '',
      url: v.url?.trim() ?? '',
      secret: v.secret ?? '',
      checksumAlgorithm: v.checksumAlgorithm,
      isDefault: v.isDefault,
      enabled: v.enabled,
      kind: row?.kind,
    }),
    problems: () => [],
    send: async (body) => {
      if (row) await providerApi.update({ ...body, id: row.id });
      else await providerApi.create(body);
      message.success(t('live.saved'));
      onSaved();
    },
  });

  return (
    <EditorDrawer
      title={row ? t('live.serverEditTitle', { name: row.name }) : t('live.serverNewTitle')}
      open={!!editing}
      saving={saving}
      save={save}
      onClose={onClose}
      hint={t('live.serverHint')}
      width={560}
    >
      <Form<ProviderValues> name="live-provider" form={form} layout="vertical" scrollToFirstError>
        <Form.Item
          name="name"
          label={t('live.serverName')}
          rules={[required(t('live.serverName')), zodRule(shape.name, t)]}
        >
          <Input autoFocus autoComplete="off" count={{ show: true, max: 64 }} />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('live.serverUrl')}
          extra={t('live.serverUrlHint')}
          rules={[required(t('live.serverUrl')), zodRule(shape.url, t)]}
        >
          <Input inputMode="url" autoComplete="off" placeholder="https://bbb.example.edu/bigbluebutton/" />
        </Form.Item>
        <Form.Item
          name="secret"
          label={t('live.serverSecret')}
          extra={
            row ? (row.hasSecret ? t('live.serverSecretKeep') : t('live.serverSecretNone')) : t('live.serverSecretHint')
          }
          rules={row ? [] : [required(t('live.serverSecret')), zodRule(shape.secret, t)]}
        >
          <Input.Password autoComplete="new-password" placeholder={row ? t('live.serverSecretBlank') : undefined} />
        </Form.Item>
        <Form.Item name="checksumAlgorithm" label={t('live.serverChecksum')} extra={t('live.serverChecksumHint')}>
          <Select options={['sha1', 'sha256', 'sha384', 'sha512'].map((a) => ({ value: a, label: a.toUpperCase() }))} />
        </Form.Item>
        <Form.Item
          name="isDefault"
          label={t('live.serverIsDefault')}
          valuePropName="checked"
          extra={t('live.serverDefaultHint')}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="enabled"
          label={t('live.serverEnabled')}
          valuePropName="checked"
          extra={t('live.serverEnabledHint')}
        >
          <Switch />
        </Form.Item>
      </Form>
    </EditorDrawer>
  );
}

// The organisation's BigBlueButton servers (liveClass:settings): added, changed, tested. Without any,
// live classes use the server's LIVE_BBB_URL when it is set; external links need none.
export function ServersTab() {
  const { t } = useLiveTexts();
  const { modal } = App.useApp();
  const canSettings = usePermission(['liveClass:settings']);
  const [testing, setTesting] = useState<number | null>(null);

  async function test(row: LiveProviderRow) {
    setTesting(row.id);
    try {
      const answer = await liveCalls.testProvider(row.id);
      (answer.ok ? modal.success : modal.error)({
        title: answer.ok ? t('live.testOk', { name: row.name }) : t('live.testFailed', { name: row.name }),
        content: (
          <>
            {answer.version && (
              <Typography.Paragraph>{t('live.testVersion', { version: answer.version })}</Typography.Paragraph>
            )}
            <Typography.Paragraph type="secondary">{answer.detail}</Typography.Paragraph>
          </>
        ),
      });
    } catch {
      // The request client has said why.
    } finally {
      setTesting(null);
    }
  }

  const columns = (base: TableColumnsType<LiveProviderRow>): TableColumnsType<LiveProviderRow> => {
    const byKey = (key: string) => base.find((c) => c.key === key);
    return [
      { ...byKey('name'), width: 160 },
      { ...byKey('url'), width: undefined, ellipsis: true },
      {
        key: 'checksumAlgorithm',
        dataIndex: 'checksumAlgorithm',
        title: t('live.serverChecksum'),
        width: 110,
        render: (a: string) => a.toUpperCase(),
      },
      {
        key: 'hasSecret',
        title: t('live.serverSecret'),
        width: 110,
        render: (_: unknown, row) =>
          row.hasSecret ? (
            <Tag icon={<CheckCircleFilled />} color="success">
              {t('live.secretStored')}
            </Tag>
          ) : (
            <Tag icon={<CloseCircleFilled />} color="error">
              {t('live.secretMissing')}
            </Tag>
          ),
      },
      { ...byKey('isDefault') },
      { ...byKey('enabled') },
    ];
  };

  return (
    <ResourceScreen<LiveProviderRow>
      meta={meta}
      schema={zLiveProviderCreate}
      slots={{
        can: { create: canSettings, update: canSettings, remove: canSettings },
        createLabel: t('live.serverCreate'),
        transfer: false,
        columns,
        rowActions: [
          {
            key: 'test',
            label: t('live.test'),
            icon: <ApiOutlined spin={false} />,
            disabled: (row) => (testing === row.id ? t('live.testing') : !row.hasSecret && t('live.secretMissing')),
            onClick: (row) => void test(row),
          },
        ],
        emptyText: t('live.serversEmpty'),
        editor: ({ editing, close, saved }) => <ProviderEditor editing={editing} onClose={close} onSaved={saved} />,
      }}
    />
  );
}
