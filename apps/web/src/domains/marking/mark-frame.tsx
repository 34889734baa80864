import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useMarkHost } from './marking-api';
import { useMarkingTexts } from './marking-texts';

// The pieces the marking screens frame their work with: the way back, the page for what is gone and
// the named switches.

// Back to the exam's marking (or wherever the host says).
export function BackButton({ examId }: { examId: number }) {
  const { t } = useMarkingTexts();
  const navigate = useNavigate();
  const host = useMarkHost();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(host.overview(examId))}>
      {host.backLabel ?? t('marking.backToExam')}
    </Button>
  );
}

// The head card of a marking screen: the way back, what is marked (a title, a line under it), its
// figures at the side, and the screen's switches below.
export function MarkHead(props: {
  examId: number;
  title: ReactNode;
  sub: ReactNode;
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card size="small">
      <div className="mark-head">
        <BackButton examId={props.examId} />
        <div className="mark-head-title">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {props.title}
          </Typography.Title>
          {props.sub}
        </div>
        {props.aside}
      </div>
      <Space wrap className="mark-switches">
        {props.children}
      </Space>
    </Card>
  );
}

// A paper or question that is not there (or no longer), with the way back.
export function MarkNotFound({ examId, text }: { examId: number; text: string }) {
  const { t } = useMarkingTexts();
  const navigate = useNavigate();
  const host = useMarkHost();
  return (
    <Result
      status="404"
      subTitle={text}
      extra={
        <Button onClick={() => navigate(host.overview(examId))}>{host.backLabel ?? t('marking.backToExam')}</Button>
      }
    />
  );
}

// A switch named by the text beside it (the browser tests find it by that name).
export function NamedSwitch(props: {
  id: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Space size={6}>
      <Switch checked={props.checked} disabled={props.disabled} onChange={props.onChange} aria-labelledby={props.id} />
      <span id={props.id}>{props.label}</span>
    </Space>
  );
}
