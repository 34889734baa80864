import { CheckOutlined } from '@ant-design/icons';
import type { InboxItem } from '@lyceum/contract';
import { Button, Modal, Skeleton, Space, Typography } from 'antd';
import { useInboxMessage } from './message-api';
import { MessageContent, useConfirmRead } from './message-reader';
import { useMessageTexts } from './message-texts';

interface Props {
  // The need-read messages still to confirm, oldest first, and how many there are in all.
  pending: InboxItem[];
  total: number;
  onLater: () => void;
}

// After signing in, the messages that ask for a confirmation, one at a time: "I have read it" confirms
// and brings the next; "Later" puts them off for this session.
export default function NeedReadPrompt({ pending, total, onLater }: Props) {
  const { t } = useMessageTexts();
  const first = pending[0] ?? null;
  const shown = useInboxMessage(first?.id ?? null);
  const { confirming, confirm } = useConfirmRead();
  const m = shown.data;
  return (
    <Modal
      open={first !== null}
      title={
        <Space size={12} wrap>
          <span>{t('message.needReadTitle')}</span>
          {total > 1 && (
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {t('message.needReadLeft', { count: total })}
            </Typography.Text>
          )}
        </Space>
      }
      width={640}
      closable={false}
      maskClosable={false}
      keyboard={false}
      onCancel={onLater}
      footer={
        <Space>
          <Button data-testid="need-read-later" onClick={onLater}>
            {t('message.later')}
          </Button>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            loading={confirming}
            disabled={!m}
            onClick={() => first && void confirm(first.id)}
          >
            {t('message.iHaveRead')}
          </Button>
        </Space>
      }
    >
      {m ? <MessageContent message={m} onLeave={onLater} /> : <Skeleton active />}
    </Modal>
  );
}
