import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';

// The remove button of a row in the gradebook's list drawers (categories, grade bands): beside the
// row's fields, lowered on the first row to sit under the labels; the last row stays.
export function RemoveRowButton(props: { first: boolean; only: boolean; label: string; onRemove: () => void }) {
  return (
    <Button
      type="text"
      danger
      icon={<DeleteOutlined />}
      disabled={props.only}
      aria-label={props.label}
      onClick={props.onRemove}
      className={props.first ? 'gradebook-setup-remove first' : 'gradebook-setup-remove'}
    />
  );
}
