import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { FeeRules } from '../../../features/zones/components/fee-rules';
import { useDocumentTitle } from '../../use-document-title';

export function FeeRulesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('zones.fees.title'));
  return (
    <PageContainer>
      <PageHeader title={t('zones.fees.title')} />
      <FeeRules />
    </PageContainer>
  );
}
