import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, setLanguage } from './i18n';

export function LanguageSwitch({ light }: { light?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = LANGUAGES.find((l) => l.value === i18n.language)?.label ?? '';
  // The name starts with the language shown on the button, so speech input can say what it sees (WCAG 2.5.3).
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LANGUAGES.map((l) => ({ key: l.value, label: l.label })),
        onClick: ({ key }) => setLanguage(key as Language),
      }}
    >
      <Button
        type="text"
        icon={<TranslationOutlined />}
        aria-label={`${current} · ${t('shell.language')}`}
        style={light ? { color: '#fff' } : undefined}
      >
        {current}
      </Button>
    </Dropdown>
  );
}
