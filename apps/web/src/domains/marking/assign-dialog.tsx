import type { MarkOverview } from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { searchTeachers } from '../../ui/lookups';
import { UserSearchSelect } from '../../ui/user-search-select';
import { type Picks, toMarkers } from './assign-markers';
import { MARK_KEY, markActions } from './marking-api';
import { useMarkingTexts } from './marking-texts';

export function AssignDialog({ overview, onClose }: { overview: MarkOverview; onClose: () => void }) {
  const { t } = useMarkingTexts();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Picks>();
  const [saving, setSaving] = useState(false);
  // Questions judged by hand are the ones worth assigning; a paper without any lists them all.
  const manual = overview.questions.filter((q) => q.manual);
  const shown = manual.length ? manual : overview.questions;
  const initial = Object.fromEntries(shown.map((q) => [String(q.questionId), q.markerIds]));

  async function save(values: Picks) {
    setSaving(true);
    try {
      const next = await markActions.assign({ examId: overview.examId, markers: toMarkers(values) });
      client.setQueryData([MARK_KEY, 'overview', overview.examId], next);
      await client.invalidateQueries({ queryKey: [MARK_KEY] });
      message.success(t('marking.markersSaved'));
      onClose();
    } catch {
      // The request client has shown the refusal.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      width={640}
      title={t('marking.assignMarkers')}
      okText={t('marking.saveMarkers')}
      cancelText={t('marking.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('marking.assignHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="assign-markers" initialValues={initial} onFinish={(v) => void save(v)}>
        {shown.map((q) => (
          <Form.Item
            key={q.questionId}
            name={String(q.questionId)}
            label={`${t('marking.questionNo', { no: q.no })} · ${q.stemText.slice(0, 60) || q.sectionTitle}`}
          >
            <UserSearchSelect kind="teacher" search={searchTeachers} placeholder={t('marking.markerSearch')} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
