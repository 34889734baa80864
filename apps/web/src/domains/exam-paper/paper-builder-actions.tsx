import {
  ArrowLeftOutlined,
  CheckCircleOutlined,
  EyeOutlined,
  SaveOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { PaperBuildMode } from '@lyceum/contract';
import { Button, Card, Space } from 'antd';
import { useNavigate } from 'react-router';
import { usePaperTexts } from './i18n';
import { PaperPrintButtons } from './paper-print-buttons';
import type { PaperBuilderState } from './use-paper-builder';

// The builder's actions beside the paper: back to the list, preview, print, save, draw and publish.
export function PaperActions({ builder }: { builder: PaperBuilderState }) {
  const { t } = usePaperTexts();
  const navigate = useNavigate();
  const { draft, editable, paperType } = builder;
  return (
    <Card size="small">
      <Space wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(builder.paths.list)}>
          {t('paper.back')}
        </Button>
        <Button icon={<EyeOutlined />} onClick={() => builder.setPreviewing(true)}>
          {t('paper.preview')}
        </Button>
        <PaperPrintButtons paperId={draft.id} paperType={paperType} />
        {editable && (
          <Button type="primary" icon={<SaveOutlined />} loading={builder.saving} onClick={() => void builder.save()}>
            {t('paper.save')}
          </Button>
        )}
        {editable && draft.buildMode === PaperBuildMode.DrawOnce && (
          <Button icon={<ThunderboltOutlined />} onClick={builder.draw}>
            {draft.sections.some((s) => s.items.some((i) => i.ruleId)) ? t('paper.drawAgain') : t('paper.draw')}
          </Button>
        )}
        {editable && builder.canPublish && (
          <Button icon={<CheckCircleOutlined />} onClick={builder.publish}>
            {t('paper.publish')}
          </Button>
        )}
      </Space>
    </Card>
  );
}
