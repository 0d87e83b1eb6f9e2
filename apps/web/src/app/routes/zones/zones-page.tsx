import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { ZoneEditor } from '../../../features/zones/components/zone-editor';
import { useDocumentTitle } from '../../use-document-title';

export function ZonesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('zones.title'));
  return (
    <PageContainer>
      <PageHeader title={t('zones.title')} />
      <ZoneEditor />
    </PageContainer>
  );
}
