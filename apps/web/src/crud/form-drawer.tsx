import { Button, Drawer, Space } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';
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
          <Button type="primary" loading={saving} onClick={onSave} aria-keyshortcuts="Control+Enter Meta+Enter">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: keyboard shortcuts of the form inside, not a control */}
      <div onKeyDown={(e) => formKeys(e, onSave)}>{children}</div>
    </Drawer>
  );
}

// The keys of a form in a drawer: Ctrl+Enter (Cmd+Enter) anywhere saves; Enter in a one-line field moves
// to the next field instead of saving a half-filled form. Fields where Enter has its own meaning keep it
// (a select or date picker confirms a choice, a text area starts a line, a button presses).
function formKeys(e: KeyboardEvent<HTMLDivElement>, onSave: () => void) {
  if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
  if (e.ctrlKey || e.metaKey) {
    e.preventDefault();
    onSave();
    return;
  }
  const field = e.target;
  if (!(field instanceof HTMLInputElement) || e.shiftKey || e.altKey) return;
  if (field.getAttribute('role') === 'combobox' || field.closest('.ant-picker, .ant-select')) return;
  if (!['text', 'number', 'email', 'tel', 'url', 'password', 'search', ''].includes(field.type)) return;
  e.preventDefault();
  const fields = Array.from(
    e.currentTarget.querySelectorAll<HTMLElement>('input:not([type=hidden]):not([disabled]), textarea:not([disabled])'),
  ).filter((el) => el.checkVisibility?.() ?? true);
  fields[fields.indexOf(field) + 1]?.focus();
}
