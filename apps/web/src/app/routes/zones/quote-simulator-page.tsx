import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { QuoteSimulator } from '../../../features/zones/components/quote-simulator';
import { useDocumentTitle } from '../../use-document-title';

export function QuoteSimulatorPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('zones.simulator.title'));
  return (
    <PageContainer>
      <PageHeader title={t('zones.simulator.title')} />
      <QuoteSimulator />
    </PageContainer>
  );
}
