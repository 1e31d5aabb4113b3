import { useParams } from 'react-router';
import { MemberPage } from '#client/features/admin';
import { MemberReviewsPanel } from '#client/features/mentorship';

/** The console's member page, with the mentor reviews the member wrote or received to moderate. */
export function AdminMemberPage() {
  const { id = '' } = useParams();
  return (
    <>
      <MemberPage />
      <MemberReviewsPanel key={id} userId={id} />
    </>
  );
}
