import type { ReactNode } from 'react';
import './figure-tile.css';

// One figure under its label in a framed tile (a report's summary, a student's result); what follows
// the figure (a tag, a note) goes below it.
export function FigureTile(props: { label: string; value: ReactNode; testId?: string; children?: ReactNode }) {
  return (
    <div className="figure-tile">
      <div className="figure-tile-label">{props.label}</div>
      <div className="figure-tile-value" data-testid={props.testId}>
        {props.value}
      </div>
      {props.children}
    </div>
  );
}
