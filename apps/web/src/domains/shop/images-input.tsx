import { DeleteOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons';
import { Button, Tooltip, Upload } from 'antd';
import { useUpload } from '../../crud/file-input';
import { useShopTexts } from './shop-words';

interface Props {
  id?: string;
  value?: string[];
  onChange?: (urls: string[]) => void;
  max: number;
}

// A product's pictures: uploaded one by one through the file service (images of the 'image'
// purpose, its size limit checked first), shown as thumbnails in order; the first is the cover, any
// other can be made the cover or removed.
export function ImagesInput({ id, value, onChange, max }: Props) {
  const { t } = useShopTexts();
  const { upload, progress, accept } = useUpload('image');
  const urls = value ?? [];
  const set = (next: string[]) => onChange?.(next);

  return (
    <div className="shop-images" id={id}>
      {urls.map((url, i) => (
        <figure key={url} className={`shop-image${i === 0 ? ' is-cover' : ''}`}>
          <img src={url} alt="" />
          {i === 0 && <figcaption className="shop-image-cover">{t('shop.cover')}</figcaption>}
          <div className="shop-image-tools">
            {i > 0 && (
              <Tooltip title={t('shop.moveFirst', { n: i + 1 })}>
                <Button
                  size="small"
                  icon={<StarOutlined />}
                  aria-label={t('shop.moveFirst', { n: i + 1 })}
                  onClick={() => set([url, ...urls.filter((u) => u !== url)])}
                />
              </Tooltip>
            )}
            <Tooltip title={t('shop.removeImage', { n: i + 1 })}>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('shop.removeImage', { n: i + 1 })}
                onClick={() => set(urls.filter((u) => u !== url))}
              />
            </Tooltip>
          </div>
        </figure>
      ))}
      {urls.length < max && (
        <Upload
          accept={accept}
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file).then((uploaded) => {
              if (uploaded && !urls.includes(uploaded.url)) set([...urls, uploaded.url]);
            });
            return false;
          }}
        >
          <button type="button" className="shop-image-add" disabled={progress !== null}>
            <PlusOutlined />
            <span>{progress === null ? t('shop.addImage') : `${Math.round(progress * 100)} %`}</span>
          </button>
        </Upload>
      )}
    </div>
  );
}
