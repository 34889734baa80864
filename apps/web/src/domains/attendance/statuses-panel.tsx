import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  AttendanceKind,
  type AttendanceStatus,
  attendanceKindLabels,
  attendanceStatusMeta,
  type Lang,
  labelOf,
  PAGE_SIZE_MAX,
} from '@lyceum/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Select, Switch, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useConfirm } from '../../crud/confirm';
import { enumOptions } from '../../crud/filter-fields';
import { FormDrawer } from '../../crud/form-drawer';
import { useSubmit } from '../../crud/form-save';
import { resourceApi, type SaveOf } from '../../crud/resource-api';
import { type RowAction, RowActionButtons, visibleActions } from '../../crud/row-actions';
import { pickTitle, useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { useAttendanceTexts } from './attendance-texts';

type StatusInput = Omit<AttendanceStatus, 'id' | 'organizationId' | 'createTime'>;
const statusApi = resourceApi<AttendanceStatus, SaveOf<StatusInput>, SaveOf<StatusInput>, object>('attendanceStatus');
const STATUS_KEY = ['attendanceStatus', 'settings'];
// The labels and help of the contract's form meta, so the statuses read alike everywhere.
const fieldOf = (key: string) => attendanceStatusMeta.fields.find((f) => f.key === key);
const label = (key: string, lang: Lang) => {
  const field = fieldOf(key);
  return field ? pickTitle(field.label, lang) : key;
};
const help = (key: string, lang: Lang) => {
  const text = fieldOf(key)?.help;
  return text ? pickTitle(text, lang) : undefined;
};

function StatusDrawer({
  editing,
  onClose,
  onSaved,
}: {
  editing: AttendanceStatus | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useAttendanceTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<StatusInput>();
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      editing === 'new'
        ? { kind: AttendanceKind.Present, weight: 1, requiresReason: false, isDefault: false, sort: 0 }
        : editing,
    );
  }, [editing, form]);
  const { saving, submit } = useSubmit(form, async (values: StatusInput) => {
    if (editing === 'new') await statusApi.create(values);
    else if (editing) await statusApi.update({ ...values, id: editing.id });
    message.success(t('common.saved'));
    onSaved();
  });
  const save = () => void form.validateFields().then(submit, () => undefined);
  return (
    <FormDrawer
      title={editing === 'new' ? t('attendancePage.newStatus') : editing ? editing.name : ''}
      open={editing !== null}
      saving={saving}
      onClose={onClose}
      onSave={save}
    >
      <Form form={form} layout="vertical" name="attendance-status">
        <Form.Item name="name" label={label('name', lang)} rules={[{ required: true, whitespace: true, max: 32 }]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="kind" label={label('kind', lang)} rules={[{ required: true }]}>
          <Select options={enumOptions(attendanceKindLabels, lang)} />
        </Form.Item>
        <Form.Item
          name="weight"
          label={label('weight', lang)}
          extra={help('weight', lang)}
          rules={[{ required: true }]}
        >
          <InputNumber min={0} max={1} step={0.1} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="requiresReason" label={label('requiresReason', lang)} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="isDefault" label={label('isDefault', lang)} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="sort" label={label('sort', lang)}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: 140 }} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}

// The organisation's statuses: what a mark can be, how it counts, which one every student starts on.
export function StatusesPanel() {
  const { t } = useAttendanceTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const client = useQueryClient();
  const canEdit = usePermission(['attendance:settings']);
  const [editing, setEditing] = useState<AttendanceStatus | 'new' | null>(null);
  const statuses = useQuery({
    queryKey: STATUS_KEY,
    queryFn: () => statusApi.page({ pageIndex: 1, pageSize: PAGE_SIZE_MAX }),
  });
  const reload = () => void client.invalidateQueries({ queryKey: ['attendanceStatus'] });
  const rows = [...(statuses.data?.list ?? [])].sort((a, b) => a.sort - b.sort || a.id - b.id);

  const actions: RowAction<AttendanceStatus>[] = visibleActions([
    {
      key: 'edit',
      label: t('common.edit'),
      icon: <EditOutlined />,
      allowed: canEdit,
      onClick: (row) => setEditing(row),
    },
    {
      key: 'delete',
      label: t('common.delete'),
      icon: <DeleteOutlined />,
      danger: true,
      allowed: canEdit,
      disabled: (row) => (row.isDefault ? t('attendancePage.defaultNoDelete') : false),
      onClick: (row) =>
        confirm({
          title: t('common.confirmDelete', { name: row.name }),
          content: t('attendancePage.statusInUse'),
          danger: true,
          onOk: async () => {
            await statusApi.remove(row.id);
            message.success(t('common.deleted'));
            reload();
          },
        }),
    },
  ]);

  return (
    <Card
      size="small"
      title={t('attendancePage.statusesTitle')}
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('attendancePage.newStatus')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('attendancePage.statusesHint')}</Typography.Paragraph>
      <Table<AttendanceStatus>
        rowKey="id"
        size="middle"
        loading={statuses.isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 640 }}
        columns={[
          {
            title: label('name', lang),
            key: 'name',
            render: (_, s) => (
              <>
                {s.name} {s.isDefault && <Tag color="blue">{t('attendancePage.defaultTag')}</Tag>}
              </>
            ),
          },
          {
            title: label('kind', lang),
            key: 'kind',
            width: 120,
            render: (_, s) => (
              <Tag color={attendanceKindLabels[s.kind].color}>{labelOf(attendanceKindLabels, s.kind, lang)}</Tag>
            ),
          },
          { title: label('weight', lang), dataIndex: 'weight', width: 110 },
          {
            title: label('requiresReason', lang),
            key: 'requiresReason',
            width: 130,
            render: (_, s) => (s.requiresReason ? t('common.yes') : t('common.no')),
          },
          { title: label('sort', lang), dataIndex: 'sort', width: 90 },
          ...(actions.length
            ? [
                {
                  title: t('common.actions'),
                  key: 'actions',
                  width: 100,
                  render: (_: unknown, s: AttendanceStatus) => (
                    <RowActionButtons actions={actions} row={s} name={s.name} />
                  ),
                },
              ]
            : []),
        ]}
      />
      <StatusDrawer
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
    </Card>
  );
}
