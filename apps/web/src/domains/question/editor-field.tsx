import { Form } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';
import type { Issues } from './question-draft';

// The contract's issues of the whole question, keyed by path ("options.1.content"); each field
// shows its own, and nested editors only need their path prefix.
export const IssuesContext = createContext<Issues>({});

export function useIssue(path: string): string | undefined {
  return useContext(IssuesContext)[path];
}

// Issues at this path or below it, e.g. "answer.blanks.0.answers" for "answer.blanks".
export function useIssuesUnder(path: string): string[] {
  const issues = useContext(IssuesContext);
  return Object.entries(issues)
    .filter(([k]) => k === path || k.startsWith(`${path}.`))
    .map(([, v]) => v);
}

export const fieldId = (path: string) => `q-${path.replace(/\./g, '-')}`;

interface Props {
  path: string;
  label?: ReactNode;
  extra?: ReactNode;
  required?: boolean;
  children: ReactNode;
  // Also show issues of nested paths here (tables whose cells have no room for a message).
  deep?: boolean;
  // The message to show instead of the issue's own words (a nested row named by its place).
  help?: string;
  noLabelFor?: boolean;
}

export function Field({ path, label, extra, required, children, deep, help, noLabelFor }: Props) {
  const own = useIssue(path);
  const nested = useIssuesUnder(path);
  const message = help ?? (deep ? nested[0] : own);
  return (
    <Form.Item
      label={label}
      htmlFor={noLabelFor ? undefined : fieldId(path)}
      required={required}
      extra={extra}
      validateStatus={message ? 'error' : undefined}
      help={message}
    >
      {children}
    </Form.Item>
  );
}
