import { useCallback, useState } from 'react';
import { Stack, Text } from '@chakra-ui/react';
import { PageTitle } from '../components/common/PageTitle';
import { RefusedScreen } from '../components/common/RefusedScreen';
import { useCreateSource, useDeleteSource, usePollSource, useSourceEntries, useSources, useUpdateSource } from '../api/sources';
import { useDeleteSiteRules, useSaveSiteRules, useSiteRules, useTrySiteRules } from '../api/siteRules';
import { AddSourceCard, SiteRulesCard, SourceEntriesDialog, SourceList } from '../components/sources';
import type { SourceCreate } from '../contract';
import type { Access } from '../lib/access';
import { sourceTexts } from '../lib/texts-sources';
import { AccessScreen } from './AccessScreen';

/** The sources followed: their health and actions, adding one, and each one's entries. */
function Sources({ access }: { access: Access }) {
  const sources = useSources();
  const { mutateAsync: create } = useCreateSource();
  const { mutateAsync: update } = useUpdateSource();
  const { mutateAsync: remove } = useDeleteSource();
  const { mutateAsync: poll } = usePollSource();
  const [entriesId, setEntriesId] = useState<string | null>(null);
  const entries = useSourceEntries(entriesId);
  const entriesSource = sources.data?.find((source) => source.id === entriesId) ?? null;
  const refused = access.whyNot('createSource');
  const siteRules = useSiteRules();
  const { mutateAsync: saveRules } = useSaveSiteRules();
  const { mutateAsync: deleteRules } = useDeleteSiteRules();
  const { mutateAsync: tryRules } = useTrySiteRules();

  const onSetPaused = useCallback((id: string, paused: boolean) => update({ id, patch: { paused } }), [update]);
  const onSetWatch = useCallback((id: string, watch: boolean) => update({ id, patch: { watch } }), [update]);
  const onAdd = async (request: SourceCreate) => {
    const result = await create(request);
    return { feedUrl: result.data.feedUrl, found: result.found };
  };

  return (
    <Stack gap="6" maxW="4xl">
      <PageTitle title={sourceTexts.title} intro={sourceTexts.intro} />
      {refused && <Text color="fg.muted">{sourceTexts.manageRefused(refused)}</Text>}
      <SourceList
        sources={sources.data}
        isLoading={sources.isPending}
        error={sources.error?.message}
        onRetry={() => void sources.refetch()}
        canManage={!refused}
        onShowEntries={setEntriesId}
        onPoll={poll}
        onSetPaused={onSetPaused}
        onSetWatch={onSetWatch}
        onDelete={remove}
      />
      {!refused && <AddSourceCard onAdd={onAdd} />}
      <SiteRulesCard
        rules={siteRules.data}
        isLoading={siteRules.isPending}
        error={siteRules.error?.message}
        onRetry={() => void siteRules.refetch()}
        refused={access.whyNot('saveSiteRules')}
        onSave={(host, rules) => saveRules({ host, rules })}
        onDelete={deleteRules}
        onTry={(url, rules) => tryRules({ url, rules })}
      />
      <SourceEntriesDialog
        source={entriesSource}
        entries={entries.data}
        isLoading={entries.isPending && entriesId !== null}
        error={entries.error?.message}
        onRetry={() => void entries.refetch()}
        hasMore={entries.hasNextPage}
        isLoadingMore={entries.isFetchingNextPage}
        onLoadMore={() => void entries.fetchNextPage()}
        onClose={() => setEntriesId(null)}
      />
    </Stack>
  );
}

/** Every signed-in role sees the sources; editors and admins manage them. */
export default function SourcesRoute() {
  return (
    <AccessScreen>
      {(access) => {
        const notice = access.screenNotice('listSources');
        return notice ? <RefusedScreen title={sourceTexts.title} message={notice} /> : <Sources access={access} />;
      }}
    </AccessScreen>
  );
}
