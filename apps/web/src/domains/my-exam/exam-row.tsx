import type { ReactNode } from 'react';

// One line of the finished and registration lists: title and details, and what sits at its end.
export function ExamRow({
  title,
  description,
  extra,
  testId,
}: {
  title: ReactNode;
  description: ReactNode;
  extra?: ReactNode;
  testId: string;
}) {
  return (
    <li className="my-exam-row" data-testid={testId}>
      <div className="my-exam-row-main">
        <div className="my-exam-row-title">{title}</div>
        <div className="my-exam-row-description">{description}</div>
      </div>
      {extra && <div className="my-exam-row-extra">{extra}</div>}
    </li>
  );
}
