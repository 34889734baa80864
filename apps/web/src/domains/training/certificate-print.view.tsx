import { CloseOutlined, PrinterOutlined } from '@ant-design/icons';
import { type CertificatePrint, certificateStandingLabels } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { Button, QRCode, Result, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useLang } from '../../shell/i18n';
import { LanguageSwitch } from '../../shell/language-switch';
import { usePageTitle } from '../../shell/page-title';
import { ApiError, call } from '../../shell/request';
import { verifyUrl } from './certificate-api';
import { useCertificateTexts } from './certificate-texts';
import '../../ui/print-page.css';
import './certificate-print.css';

// The template's wording with the snapshot's facts in its {placeholders}.
function filled(body: string, p: CertificatePrint): string {
  const s = p.snapshot;
  const facts: Record<string, string> = {
    holder: s.holderName,
    title: s.title,
    what: s.what,
    hours: s.hours === null ? '' : String(s.hours),
    grade: s.grade ?? '',
    issuedOn: s.issuedOn,
    expiresOn: s.expiresOn ?? '',
    organization: s.organizationName,
    certificateNo: s.certificateNo,
  };
  return body.replace(/\{(\w+)\}/g, (all, key: string) => facts[key] ?? all);
}

// The sheet: logo, organisation, heading, the holder, what for, hours and grade, dates, number,
// signatory over the seal, and the QR code of the public verification page with the code beside it.
export function CertificateSheet({ cert }: { cert: CertificatePrint }) {
  const { t } = useCertificateTexts();
  const lang = useLang();
  const s = cert.snapshot;
  const tpl = cert.template;
  const logo = tpl.logoUrl ?? cert.organizationLogo;
  const standing = certificateStandingLabels[cert.standing];
  return (
    <article
      className={`cert-sheet ${tpl.orientation === 2 ? 'portrait' : 'landscape'}`}
      data-testid="certificate"
      aria-label={tpl.heading || t('certificate.defaultHeading')}
    >
      {logo && <img className="cert-logo" src={logo} alt="" />}
      <div className="cert-org">{s.organizationName}</div>
      <h1 className="cert-heading">{tpl.heading || t('certificate.defaultHeading')}</h1>
      {tpl.body ? (
        <>
          <div className="cert-holder">{s.holderName}</div>
          <p className="cert-line">{filled(tpl.body, cert)}</p>
        </>
      ) : (
        <>
          <div className="cert-line">{t('certificate.presented')}</div>
          <div className="cert-holder">{s.holderName}</div>
          <div className="cert-line">{t('certificate.for')}</div>
          <div className="cert-title">{s.title}</div>
          {s.what !== s.title && <p className="cert-line">{s.what}</p>}
        </>
      )}
      <div className="cert-line">
        {[
          s.hours !== null && t('certificate.hoursLine', { hours: s.hours }),
          s.grade && t('certificate.gradeLine', { grade: s.grade }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </div>
      <footer className="cert-foot">
        <div>
          <div>
            {t('certificate.number')} <strong data-testid="certificate-no">{s.certificateNo}</strong>
          </div>
          <div>{t('certificate.issuedOn', { date: s.issuedOn })}</div>
          {s.expiresOn && <div>{t('certificate.expiresOn', { date: s.expiresOn })}</div>}
        </div>
        <div className="cert-sign">
          {tpl.sealUrl && <img className="cert-seal" src={tpl.sealUrl} alt="" />}
          <div style={{ height: '14mm' }} />
          <div className="cert-sign-line">
            {tpl.signatory ?? t('certificate.signatory')}
            {tpl.signatoryTitle && <div>{tpl.signatoryTitle}</div>}
          </div>
        </div>
        <div className="cert-verify">
          <div>
            <div>{t('certificate.scan')}</div>
            <div className="cert-code" data-testid="certificate-code">
              {t('certificate.code')}: {cert.code}
            </div>
          </div>
          <QRCode value={verifyUrl(cert.code)} size={96} bordered={false} type="svg" />
        </div>
      </footer>
      {cert.standing !== 'valid' && (
        <div className="cert-void" role="note">
          {lang === 'zh' ? standing.zh : standing.en}
        </div>
      )}
    </article>
  );
}

// A certificate on a page of its own (/certificate/print/:id), outside the shell, opened in a new tab:
// the browser prints it or saves it as a PDF. Its holder or training staff may open it.
export default function CertificatePrintView() {
  const { t } = useCertificateTexts();
  const id = Number(useParams().id);
  const [cert, setCert] = useState<CertificatePrint | null>(null);
  const [missing, setMissing] = useState(false);
  usePageTitle(cert ? `${cert.snapshot.title} ${cert.snapshot.certificateNo}` : t('certificate.defaultHeading'));

  useEffect(() => {
    const cancel = new AbortController();
    if (!Number.isInteger(id) || id <= 0) {
      setMissing(true);
      return;
    }
    call(api.certificate.print, { params: { id } }, { signal: cancel.signal }).then(setCert, (err: unknown) => {
      if (err instanceof ApiError && !cancel.signal.aborted) setMissing(true);
    });
    return () => cancel.abort();
  }, [id]);

  return (
    <div className="cert-page">
      <Space className="cert-toolbar print-hidden" wrap>
        <Button type="primary" icon={<PrinterOutlined />} disabled={!cert} onClick={() => window.print()}>
          {t('certificate.printNow')}
        </Button>
        <Button icon={<CloseOutlined />} onClick={() => window.close()}>
          {t('certificate.close')}
        </Button>
        <LanguageSwitch />
      </Space>
      {missing ? (
        <Result status="warning" title={t('certificate.missing')} />
      ) : cert ? (
        <CertificateSheet cert={cert} />
      ) : (
        <Spin size="large" style={{ display: 'block', margin: '80px auto' }} />
      )}
    </div>
  );
}
