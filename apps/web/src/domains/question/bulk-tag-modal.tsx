import { App, Form, Modal } from 'antd';
import { useState } from 'react';
import { TagTreeSelect } from './classification-fields';
import { useQuestionTexts } from './i18n';
import { bulkTag } from './question-api';

interface Props {
  ids: number[] | null;
  onClose: () => void;
  onDone: () => void;
}

// Adds tags or knowledge points to the selected questions (existing ones stay).
export function BulkTagModal({ ids, onClose, onDone }: Props) {
  const { t } = useQuestionTexts();
  const { message } = App.useApp();
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (!ids || !tagIds.length) return;
    setBusy(true);
    try {
      const res = await bulkTag(ids, tagIds);
      message.success(t('question.bulkTagDone', { count: res.updated }));
      setTagIds([]);
      onDone();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={!!ids}
      title={t('question.bulkTagTitle', { count: ids?.length ?? 0 })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !tagIds.length, loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('question.tags')} htmlFor="bulk-tag-ids" required>
          <TagTreeSelect
            id="bulk-tag-ids"
            multiple
            value={tagIds}
            onChange={(v) => setTagIds(Array.isArray(v) ? v : [])}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
