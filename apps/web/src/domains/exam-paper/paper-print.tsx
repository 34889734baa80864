import { ArrowLeftOutlined, EditOutlined, FileWordOutlined, PrinterOutlined } from '@ant-design/icons';
import { labelOf, type PaperType, type PrintPaper, printModel, questionTypeLabels } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Result, Skeleton, Space, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchCurrentUser } from '../../shell/auth-api';
import { useLang } from '../../shell/i18n';
import { type BuiltPaperType, paperPaths, usePaperOfTab } from './paper-api';
import { downloadPaperWord } from './print-api';
import { PrintQuestion } from './print-question';
import { usePrintTexts } from './print-texts';
import '../../ui/print-page.css';
import './paper-print.css';

// The paper as it is handed out: A4, school and paper name, the name / class / number blanks,
// sections with their instructions and questions numbered through the paper; with the switch, the
// answer key and analysis (a teacher's copy). The browser prints it without the shell.
export function PaperPrintPage({ paperType }: { paperType: BuiltPaperType & PaperType }) {
  const { t } = usePrintTexts();
  const navigate = useNavigate();
  const { id, loaded } = usePaperOfTab();
  const me = useQuery({ queryKey: ['currentUser'], queryFn: fetchCurrentUser });
  const paper = useMemo(() => (loaded.data ? printModel(loaded.data) : null), [loaded.data]);
  const paths = paperPaths[paperType];

  if (id !== null && loaded.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (!paper || id === null)
    return (
      <Result
        status="404"
        subTitle={t('paperPrint.notFound')}
        extra={<Button onClick={() => navigate(paths.list)}>{t('paperPrint.back')}</Button>}
      />
    );
  return (
    <PrintView
      paper={paper}
      school={me.data?.organization.name ?? ''}
      onBack={() => navigate(paths.list)}
      onEdit={() => navigate(`${paths.builder}?id=${paper.id}`)}
    />
  );
}

interface ViewProps {
  paper: PrintPaper;
  school: string;
  onBack: () => void;
  onEdit: () => void;
}

function PrintView({ paper, school, onBack, onEdit }: ViewProps) {
  const { t } = usePrintTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const [withKey, setWithKey] = useState(false);
  const word = async () => {
    const name = await downloadPaperWord(paper.id, withKey, lang);
    message.success(t('paperPrint.downloaded', { name }));
  };
  return (
    <div className="paper-print-page">
      <div className="paper-print-toolbar print-hidden">
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
            {t('paperPrint.back')}
          </Button>
          <Button icon={<EditOutlined />} onClick={onEdit}>
            {t('paperPrint.edit')}
          </Button>
          <Space size={6}>
            <Switch checked={withKey} onChange={setWithKey} aria-labelledby="paper-print-key-label" />
            <span id="paper-print-key-label">{t('paperPrint.withKey')}</span>
          </Space>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('paperPrint.print')}
          </Button>
          <Button icon={<FileWordOutlined />} onClick={() => void word()}>
            {t(withKey ? 'paperPrint.wordKey' : 'paperPrint.wordStudent')}
          </Button>
        </Space>
        <Typography.Text type="secondary">{t('paperPrint.printHint')}</Typography.Text>
      </div>
      <article className="paper-sheet" lang={lang === 'zh' ? 'zh-CN' : 'en'}>
        <header className="print-header">
          {school && <div className="print-school">{school}</div>}
          <h1 className="print-title">{paper.name}</h1>
          {withKey && <div className="print-key-edition">{t('paperPrint.keyEdition')}</div>}
          <div className="print-facts">
            {paper.durationMinutes ? <span>{t('paperPrint.duration', { minutes: paper.durationMinutes })}</span> : null}
            <span>{t('paperPrint.total', { score: paper.totalScore })}</span>
          </div>
          <div className="print-blanks" data-testid="print-blanks">
            {(['name', 'className', 'studentNumber'] as const).map((k) => (
              <span key={k}>
                {t(`paperPrint.${k}`)}
                {t('paperPrint.colon')}
                <span className="print-line" />
              </span>
            ))}
          </div>
        </header>
        {paper.sections.map((s) => (
          <section key={s.id} className="print-section">
            <h2>
              {s.title}{' '}
              <span className="print-section-summary">
                {t('paperPrint.sectionSummary', { count: s.count, score: s.score })}
              </span>
            </h2>
            {s.instructions && <p className="print-instructions">{s.instructions}</p>}
            {s.items.map((item) => (
              <PrintQuestion key={item.itemId} item={item} withKey={withKey} />
            ))}
            {s.drawn.map((d) => (
              <p key={d.from} className="print-drawn">
                {t('paperPrint.drawn', {
                  from: d.from,
                  to: d.to,
                  count: d.count,
                  score: d.score,
                  type: labelOf(questionTypeLabels, d.questionType, lang),
                })}
              </p>
            ))}
          </section>
        ))}
      </article>
    </div>
  );
}
