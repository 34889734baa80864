import { zTeamCreate } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Form, Input, InputNumber, Select, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useConfirm } from '../../crud/confirm';
import { FormDrawer } from '../../crud/form-drawer';
import { useSubmit } from '../../crud/form-save';
import { zodRule } from '../../crud/zod-rules';
import { usePermission } from '../../shell/permission';
import { useTeamTexts } from './i18n';
import './team.css';
import { MemberEditor, type MemberLine } from './member-editor';
import { allTeamMembers, type TeamSave, teamApi, useMajors, useSemesters } from './team-api';
import { TeacherSelect } from './team-fields';

interface Values {
  name: string;
  gradeYear: number;
  majorId?: number | null;
  semesterId?: number | null;
  classTeacherId?: number | null;
  remark?: string;
}

interface Props {
  open: boolean;
  // The class to edit; null creates one.
  teamId: number | null;
  onClose: () => void;
  onSaved: () => void;
}

const fields = zTeamCreate.shape;

// The class's own fields and its members, saved together: the members go as the whole list every
// time (the server keeps rows by id, adds new ones and removes those no longer sent).
export function TeamEditor({ open, teamId, onClose, onSaved }: Props) {
  const { t } = useTeamTexts();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [form] = Form.useForm<Values>();
  const [members, setMembers] = useState<MemberLine[]>([]);
  const majors = useMajors();
  const semesters = useSemesters();
  // Who leads a class is the office's to decide; a class teacher keeps the rest.
  const seesAll = usePermission(['team:all']);
  // Without the departments (a teacher) the major cannot be named: it is kept as it is.
  const namesMajors = usePermission(['department:page']);
  const editing = teamId !== null;
  const loaded = useQuery({
    queryKey: ['team', 'editor', teamId],
    queryFn: async () => {
      const id = teamId as number;
      const [team, named] = await Promise.all([teamApi.select(id), allTeamMembers(id)]);
      const byUser = new Map(named.map((m) => [m.id, m]));
      const lines: MemberLine[] = (team.members ?? []).map((m) => ({
        id: m.id,
        userId: m.userId,
        joinDate: m.joinDate,
        userName: byUser.get(m.userId)?.userName ?? `#${m.userId}`,
        realName: byUser.get(m.userId)?.realName ?? '',
      }));
      return { team, lines };
    },
    enabled: open && editing,
    gcTime: 0,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setMembers([]);
    if (!editing || !loaded.data) return;
    const { team, lines } = loaded.data;
    form.setFieldsValue({
      name: team.name,
      gradeYear: team.gradeYear,
      majorId: team.majorId,
      semesterId: team.semesterId,
      classTeacherId: team.classTeacherId,
      remark: team.remark ?? '',
    });
    setMembers(lines);
  }, [open, editing, loaded.data, form]);

  // A new class starts in the current semester.
  const currentSemester = semesters.data?.find((s) => s.current)?.value;
  useEffect(() => {
    if (open && !editing && currentSemester && form.getFieldValue('semesterId') === undefined)
      form.setFieldsValue({ semesterId: currentSemester });
  }, [open, editing, currentSemester, form]);

  const { saving, submit: write } = useSubmit(form, async (values: Values) => {
    const body: TeamSave = {
      name: values.name,
      gradeYear: values.gradeYear,
      majorId: values.majorId ?? null,
      semesterId: values.semesterId ?? null,
      classTeacherId: values.classTeacherId ?? null,
      remark: values.remark || null,
      members: members.map((m) => ({ id: m.id, userId: m.userId, joinDate: m.joinDate })),
    };
    if (editing) await teamApi.update({ ...body, id: teamId });
    else await teamApi.create({ ...body, id: null });
    message.success(t('common.saved'));
    onSaved();
  });

  // Members taken out of a saved class leave it on save: say who, and ask first.
  function save(values: Values) {
    const before = loaded.data?.lines ?? [];
    const kept = new Set(members.map((m) => m.userId));
    const removed = editing ? before.filter((m) => !kept.has(m.userId)) : [];
    if (!removed.length) return void write(values);
    confirm({
      title: t('team.removeConfirm', { count: removed.length }),
      content: removed
        .slice(0, 10)
        .map((m) => m.realName || m.userName)
        .join(', ')
        .concat(removed.length > 10 ? ` +${removed.length - 10}` : ''),
      danger: true,
      okText: t('team.removeAndSave'),
      onOk: () => write(values),
    });
  }

  const title = editing ? t('team.editTitle', { name: loaded.data?.team.name ?? '' }) : t('team.createTitle');
  const majorOptions = [...(majors.data ?? [])];
  const currentMajor = loaded.data?.team.majorId;
  if (currentMajor && !majorOptions.some((o) => o.value === currentMajor))
    majorOptions.push({ value: currentMajor, label: `#${currentMajor}` });

  return (
    <FormDrawer title={title} open={open} saving={saving} onClose={onClose} onSave={() => form.submit()} width={720}>
      {editing && loaded.isPending ? (
        <Skeleton active />
      ) : editing && loaded.isError ? (
        <Alert type="error" showIcon title={t('team.loadFailed')} />
      ) : (
        <Form<Values>
          name="team"
          form={form}
          layout="vertical"
          onFinish={save}
          initialValues={{ gradeYear: new Date().getFullYear() }}
        >
          <div className="team-editor-grid">
            <Form.Item
              name="name"
              label={t('team.name')}
              rules={[
                { required: true, whitespace: true, message: t('validation.required', { field: t('team.name') }) },
                zodRule(fields.name, t),
              ]}
            >
              <Input autoComplete="off" autoFocus={!editing} placeholder={t('team.namePlaceholder')} />
            </Form.Item>
            <Form.Item
              name="gradeYear"
              label={t('team.gradeYear')}
              tooltip={t('team.gradeYearHint')}
              rules={[
                { required: true, message: t('validation.required', { field: t('team.gradeYear') }) },
                zodRule(fields.gradeYear, t),
              ]}
            >
              <InputNumber min={2000} max={2100} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="majorId" label={t('team.major')} hidden={!namesMajors}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                loading={majors.isPending}
                options={majorOptions}
                placeholder={t('team.majorPlaceholder')}
              />
            </Form.Item>
            <Form.Item name="semesterId" label={t('team.semester')}>
              <Select allowClear loading={semesters.isPending} options={semesters.data} />
            </Form.Item>
            <Form.Item
              name="classTeacherId"
              label={t('team.classTeacher')}
              extra={editing && !seesAll ? t('team.teacherLocked') : undefined}
            >
              <TeacherSelect disabled={editing && !seesAll} placeholder={t('team.teacherPlaceholder')} />
            </Form.Item>
            <Form.Item name="remark" label={t('team.remark')} rules={[zodRule(fields.remark, t)]}>
              <Input autoComplete="off" />
            </Form.Item>
          </div>
          <Typography.Title level={5} style={{ marginTop: 4 }}>
            {t('team.membersTitle', { count: members.length })}
          </Typography.Title>
          <MemberEditor members={members} onChange={setMembers} />
        </Form>
      )}
    </FormDrawer>
  );
}
