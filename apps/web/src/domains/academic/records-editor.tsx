import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { RECORD_GUARDIANS_MAX, type StudentRecord, type StudentRecordEdit } from '@lyceum/contract';
import { Button, DatePicker, Drawer, Form, Input, InputNumber, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useDialogRun } from '../../crud/dialog-run';
import { useRequired } from '../../ui/editor-kit';
import { recordCalls } from './records-api';
import { useRecordsTexts } from './records-words';

const DAY = 'YYYY-MM-DD';

interface Values {
  studentNo: string;
  cohortYear?: number | null;
  enrolDate?: Dayjs | null;
  birthDate?: Dayjs | null;
  idNumber?: string;
  priorSchool?: string;
  note?: string;
  guardians: { name: string; phone: string; relation: string; email?: string }[];
}

const day = (v: string | null) => (v ? dayjs(v) : null);

// A record's editor: number, cohort, dates, ID number, prior school, the staff note, and its
// guardians (a phone the school already knows links that guardian, so siblings share one).
export function RecordEditor({
  record,
  onClose,
  onDone,
}: {
  record: StudentRecord | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useRecordsTexts();
  const required = useRequired();
  const [form] = Form.useForm<Values>();
  const { running, run } = useDialogRun(() => {
    onClose();
    onDone();
  });
  async function submit() {
    if (!record) return;
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body: StudentRecordEdit = {
      studentNo: v.studentNo,
      cohortYear: v.cohortYear ?? null,
      enrolDate: v.enrolDate ? v.enrolDate.format(DAY) : null,
      birthDate: v.birthDate ? v.birthDate.format(DAY) : null,
      idNumber: v.idNumber ?? null,
      priorSchool: v.priorSchool ?? null,
      note: v.note ?? null,
      guardians: (v.guardians ?? []).map((g) => ({ ...g, email: g.email || null })),
    };
    await run(() => recordCalls.edit(record.id, body), t('records.saved', { name: record.realName }), form);
  }
  return (
    <Drawer
      open={record !== null}
      onClose={onClose}
      width={560}
      destroyOnHidden
      title={record && t('records.editTitle', { name: record.realName, no: record.studentNo })}
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={running} onClick={() => void submit()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {record && (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{
            studentNo: record.studentNo,
            cohortYear: record.cohortYear,
            enrolDate: day(record.enrolDate),
            birthDate: day(record.birthDate),
            idNumber: record.idNumber ?? '',
            priorSchool: record.priorSchool ?? '',
            note: record.note ?? '',
            guardians: record.guardians.map((g) => ({
              name: g.name,
              phone: g.phone,
              relation: g.relation,
              email: g.email ?? '',
            })),
          }}
        >
          <Space wrap>
            <Form.Item name="studentNo" label={t('records.studentNo')} rules={[required(t('records.studentNo'))]}>
              <Input maxLength={32} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="cohortYear" label={t('records.cohort')}>
              <InputNumber min={1900} max={2200} style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="enrolDate" label={t('records.enrolDate')}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="birthDate" label={t('records.birthDate')}>
              <DatePicker />
            </Form.Item>
          </Space>
          <Form.Item name="idNumber" label={t('records.idNumber')}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="priorSchool" label={t('records.priorSchool')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="note" label={t('records.note')}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} />
          </Form.Item>
          <Typography.Title level={5}>{t('records.guardians')}</Typography.Title>
          <Form.List name="guardians">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => {
                  const shown = record.guardians[f.name];
                  return (
                    <div key={f.key}>
                      <Space align="start" wrap>
                        <Form.Item name={[f.name, 'name']} rules={[required(t('records.guardianName'))]}>
                          <Input placeholder={t('records.guardianName')} maxLength={64} style={{ width: 120 }} />
                        </Form.Item>
                        <Form.Item name={[f.name, 'relation']} rules={[required(t('records.guardianRelation'))]}>
                          <Input placeholder={t('records.guardianRelation')} maxLength={32} style={{ width: 90 }} />
                        </Form.Item>
                        <Form.Item name={[f.name, 'phone']} rules={[required(t('records.guardianPhone'))]}>
                          <Input placeholder={t('records.guardianPhone')} maxLength={20} style={{ width: 140 }} />
                        </Form.Item>
                        <Form.Item name={[f.name, 'email']}>
                          <Input placeholder={t('records.guardianEmail')} maxLength={254} style={{ width: 150 }} />
                        </Form.Item>
                        <Button
                          type="text"
                          icon={<DeleteOutlined />}
                          aria-label={t('common.delete')}
                          onClick={() => remove(f.name)}
                        />
                      </Space>
                      {shown?.siblings.length ? (
                        <Typography.Paragraph type="secondary" style={{ marginTop: -16 }}>
                          {t('records.siblings', { names: shown.siblings.join(', ') })}
                        </Typography.Paragraph>
                      ) : null}
                    </div>
                  );
                })}
                <Button
                  icon={<PlusOutlined />}
                  disabled={fields.length >= RECORD_GUARDIANS_MAX}
                  onClick={() => add({ name: '', phone: '', relation: '', email: '' })}
                >
                  {t('records.addGuardian')}
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      )}
    </Drawer>
  );
}
