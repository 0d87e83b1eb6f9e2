import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { ProfileForm } from '../../../features/account/components/profile-form';
import { useCurrentUser } from '../../../lib/session';
import { useDocumentTitle } from '../../use-document-title';

export function ProfilePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useDocumentTitle(t('account.profile'));
  return (
    <PageContainer maxWidth={720}>
      <PageHeader title={t('account.profile')} subtitle={t(`roles.${user.role}`)} />
      <ProfileForm key={user.id} user={user} />
    </PageContainer>
  );
}
