import { DownOutlined, FileWordOutlined, PrinterOutlined } from '@ant-design/icons';
import type { PaperType } from '@lyceum/contract';
import { App, Button, Dropdown, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { useLang } from '../../shell/i18n';
import type { BuiltPaperType } from './paper-api';
import { downloadPaperWord, printPaths } from './print-api';
import { usePrintTexts } from './print-texts';

// The builder's Print and Word buttons: both show the paper as saved, so a new paper needs saving first.
export function PaperPrintButtons({
  paperId,
  paperType,
}: {
  paperId: number | null;
  paperType: BuiltPaperType & PaperType;
}) {
  const { t } = usePrintTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const hint = paperId === null ? t('paperPrint.saveFirst') : undefined;
  const word = async (withKey: boolean) => {
    if (paperId === null) return;
    const name = await downloadPaperWord(paperId, withKey, lang);
    message.success(t('paperPrint.downloaded', { name }));
  };
  return (
    <>
      <Tooltip title={hint}>
        <Button
          icon={<PrinterOutlined />}
          disabled={paperId === null}
          onClick={() => navigate(`${printPaths[paperType]}?id=${paperId}`)}
        >
          {t('paperPrint.print')}
        </Button>
      </Tooltip>
      <Tooltip title={hint}>
        <Dropdown
          disabled={paperId === null}
          trigger={['click']}
          menu={{
            items: [
              { key: 'student', label: t('paperPrint.wordStudent') },
              { key: 'key', label: t('paperPrint.wordKey') },
            ],
            onClick: ({ key }) => void word(key === 'key'),
          }}
        >
          <Button icon={<FileWordOutlined />} disabled={paperId === null}>
            {t('paperPrint.word')} <DownOutlined />
          </Button>
        </Dropdown>
      </Tooltip>
    </>
  );
}
