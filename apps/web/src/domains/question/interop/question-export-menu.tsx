import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import type { QuestionExportFormat, zQuestionFilter } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { useLang } from '../../../shell/i18n';
import { downloadFrom } from '../../../shell/transfer';
import { useInteropTexts } from './interop-texts';

interface Props {
  // The selected questions' ids; none, the current filter's questions.
  selected: number[];
  filter: z.input<typeof zQuestionFilter>;
}

const FORMATS: { key: QuestionExportFormat; text: string }[] = [
  { key: 'moodle', text: 'questionInterop.exportMoodle' },
  { key: 'gift', text: 'questionInterop.exportGift' },
  { key: 'qti', text: 'questionInterop.exportQti' },
];

// "Export as" Moodle XML, GIFT or a QTI 2.1 package: the selection when there is one, else the
// filter's questions. Questions a format cannot hold are counted in the message, not hidden.
export function QuestionExportMenu({ selected, filter }: Props) {
  const { t } = useInteropTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  async function exportAs(format: QuestionExportFormat) {
    setBusy(true);
    let skipped = 0;
    try {
      const body = { ...filter, format, ...(selected.length ? { ids: selected } : {}) };
      const name = await downloadFrom(
        api.question.exportAs,
        { body, query: { lang } },
        { loading: true, onHeaders: (h) => (skipped = Number(h.get('x-lyceum-skipped') ?? 0)) },
      );
      message.success(
        skipped > 0
          ? t('questionInterop.exportedSkipped', { name, count: skipped })
          : t('questionInterop.exported', { name }),
      );
    } finally {
      setBusy(false);
    }
  }

  const scope = selected.length
    ? t('questionInterop.exportSelected', { count: selected.length })
    : t('questionInterop.exportFiltered');
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          {
            key: 'scope',
            type: 'group',
            label: scope,
            children: FORMATS.map((f) => ({ key: f.key, label: t(f.text) })),
          },
        ],
        onClick: ({ key }) => void exportAs(key as QuestionExportFormat),
      }}
    >
      <Button icon={<ExportOutlined />} loading={busy}>
        {t('questionInterop.exportAs')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
