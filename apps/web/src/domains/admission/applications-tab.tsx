import { EyeOutlined } from '@ant-design/icons';
import {
  APPLICATION_DECISIONS,
  type Application,
  applicationMeta,
  type ResourceMeta,
  type ScreenPrefix,
  zApplicationFilter,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Modal, Select, type TableColumnsType, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { SelectFilter } from '../../crud/filter-fields';
import { ResourceScreen } from '../../crud/resource-screen';
import { usePermission } from '../../shell/permission';
import { call } from '../../shell/request';
import { useAdmissionTexts } from './admission-texts';
import { ApplicationDrawer } from './application-drawer';

// Applications are read with application:page and exported with application:export; nothing is
// created or edited here (the public form makes them), so the kit reads the prefix for the export.
const meta: ResourceMeta = { ...applicationMeta, permission: 'application' as ScreenPrefix };
export const APPLICATION_KEY = 'application';

type Decision = (typeof APPLICATION_DECISIONS)[number];

function DecideDialog({ ids, onClose }: { ids: number[] | null; onClose: (done: boolean) => void }) {
  const { t } = useAdmissionTexts();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ decision: Decision; note?: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const r = await call(api.application.decide, { body: { ids: ids ?? [], ...values } }, { loading: true });
      message.success(t('admission.decided', { count: r.decided }));
      form.resetFields();
      onClose(true);
    } finally {
      setBusy(false);
    }
  };
  const label: Record<Decision, string> = {
    review: t('admission.review'),
    interview: t('admission.interview'),
    accept: t('admission.accept'),
    waitlist: t('admission.waitlist'),
    reject: t('admission.reject'),
  };
  return (
    <Modal
      open={ids !== null}
      title={t('admission.decideTitle', { count: ids?.length ?? 0 })}
      onCancel={() => onClose(false)}
      onOk={submit}
      confirmLoading={busy}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="decision" label={t('admission.decision')} rules={[{ required: true }]}>
          <Select
            options={APPLICATION_DECISIONS.filter((d) => d !== 'interview').map((d) => ({ value: d, label: label[d] }))}
          />
        </Form.Item>
        <Form.Item name="note" label={t('admission.note')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// The applications of every round: by round, status, possible duplicates or a word of the name,
// phone or ID number; several decided at once; one opened in a drawer with all it carries.
export function ApplicationsTab() {
  const { t } = useAdmissionTexts();
  const client = useQueryClient();
  const canReview = usePermission(['application:review']);
  const [opened, setOpened] = useState<number | null>(null);
  const [deciding, setDeciding] = useState<number[] | null>(null);
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: [APPLICATION_KEY] }), [client]);
  const rounds = useQuery({
    queryKey: ['admissionRound', 'options'],
    queryFn: () => call(api.admissionRound.list, { body: {} }),
    staleTime: 60_000,
  });

  const columns = (base: TableColumnsType<Application>): TableColumnsType<Application> =>
    base.map((c) =>
      c.key === 'realName'
        ? {
            ...c,
            render: (_: unknown, a: Application) => (
              <span>
                <Button type="link" size="small" onClick={() => setOpened(a.id)} style={{ padding: 0 }}>
                  {a.realName}
                </Button>
                {a.duplicateOf.length > 0 && (
                  <Tag color="warning" style={{ marginInlineStart: 6 }}>
                    {t('admission.duplicate')}
                  </Tag>
                )}
              </span>
            ),
          }
        : c,
    );

  return (
    <ResourceScreen<Application>
      meta={meta}
      schema={zApplicationFilter}
      slots={{
        can: { create: false, update: false, remove: false },
        create: null,
        transfer: 'export',
        columns,
        selectable: canReview,
        emptyText: t('admission.empty'),
        filterFormName: 'application-filter',
        rowActions: [
          { key: 'open', label: t('admission.open'), icon: <EyeOutlined />, onClick: (row) => setOpened(row.id) },
        ],
        toolbar: ({ selection }) =>
          canReview && (
            <Button disabled={!selection.selected.length} onClick={() => setDeciding(selection.selected)}>
              {t('admission.decide')}
            </Button>
          ),
        filters: ({ keyword, fields }) => (
          <>
            <SelectFilter
              name="roundId"
              label={t('admission.round')}
              width={200}
              loading={rounds.isPending}
              options={(rounds.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            />
            {fields.status}
            <Form.Item name="duplicates" valuePropName="checked">
              <Checkbox>{t('admission.duplicates')}</Checkbox>
            </Form.Item>
            {keyword}
          </>
        ),
      }}
    >
      <DecideDialog
        ids={deciding}
        onClose={(done) => {
          setDeciding(null);
          if (done) reload();
        }}
      />
      <ApplicationDrawer id={opened} onClose={() => setOpened(null)} onChanged={reload} />
    </ResourceScreen>
  );
}
