import { Button, Drawer, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../shell/layout/use-device';

interface Props {
  title: ReactNode;
  open: boolean;
  saving: boolean;
  onClose: () => void;
  onSave: () => void;
  width?: number;
  children: ReactNode;
}

// The drawer every create/edit form opens in: full width on phones, Cancel and Save on top.
export function FormDrawer({ title, open, saving, onClose, onSave, width = 480, children }: Props) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Drawer
      title={title}
      open={open}
      onClose={onClose}
      size={isMobile ? '100%' : width}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={onSave}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}
