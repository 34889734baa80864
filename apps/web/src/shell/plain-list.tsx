import { Empty } from 'antd';
import { Fragment, type HTMLAttributes, type ReactNode } from 'react';
import './plain-list.css';

// A list of rows looking like antd's small List, without its pagination, grid and loading parts:
// those bring Pagination, Select and a virtual list (about 25 KB compressed) to the first screen
// after logging in, where the home page's cards and the message bell only list a few rows.

function Item({ extra, children, className, ...rest }: HTMLAttributes<HTMLLIElement> & { extra?: ReactNode }) {
  return (
    <li className={className ? `plain-list-item ${className}` : 'plain-list-item'} {...rest}>
      <div className="plain-list-main">{children}</div>
      {extra ? <div className="plain-list-extra">{extra}</div> : null}
    </li>
  );
}

// An avatar or icon, a title and a line under it.
function Meta({ avatar, title, description }: { avatar?: ReactNode; title?: ReactNode; description?: ReactNode }) {
  return (
    <div className="plain-list-meta">
      {avatar ? <div className="plain-list-avatar">{avatar}</div> : null}
      <div className="plain-list-meta-text">
        {title ? <div className="plain-list-title">{title}</div> : null}
        {description ? <div className="plain-list-description">{description}</div> : null}
      </div>
    </div>
  );
}

export function PlainList<T>({
  dataSource,
  renderItem,
  emptyText,
  className,
}: {
  dataSource: readonly T[] | undefined;
  renderItem: (item: T, index: number) => ReactNode;
  emptyText?: ReactNode;
  className?: string;
}) {
  const items = dataSource ?? [];
  if (!items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return (
    <ul className={className ? `plain-list ${className}` : 'plain-list'}>
      {items.map((item, i) => (
        // Rows are shown in the order given and replaced as a whole: the index is a stable key here.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={i}>{renderItem(item, i)}</Fragment>
      ))}
    </ul>
  );
}

PlainList.Item = Object.assign(Item, { Meta });
