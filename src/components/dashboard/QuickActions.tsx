import { Button, Card, Heading, SimpleGrid } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuChartColumn, LuFileText, LuPlus, LuUpload } from 'react-icons/lu';
import type { OperationId } from '../../contract/roles';
import type { Access } from '../../lib/access';
import { dashboardTexts } from '../../lib/texts-dashboard';
import { AppLink } from '../common/AppLink';

const actions: readonly { href: string; label: string; icon: IconType; operation?: OperationId }[] = [
  { href: '/articles/new', label: dashboardTexts.createArticle, icon: LuPlus, operation: 'createArticle' },
  { href: '/file-manager', label: dashboardTexts.uploadFiles, icon: LuUpload, operation: 'uploadFile' },
  { href: '/articles', label: dashboardTexts.viewArticles, icon: LuFileText },
  { href: '/analytics', label: dashboardTexts.analytics, icon: LuChartColumn },
];

/**
 * Shortcuts to the common tasks (docs/product.md, 'Dashboard'): those the signed-in role may do
 * (`access`; until it is known, only those every role may).
 */
export function QuickActions({ access }: { access?: Access | null }) {
  return (
    <Card.Root bg="bg.card">
      <Card.Header>
        <Heading as="h2" size="md">
          {dashboardTexts.quickActions}
        </Heading>
      </Card.Header>
      <Card.Body>
        <SimpleGrid as="ul" columns={2} gap="3" listStyleType="none" m="0" p="0">
          {actions.filter(({ operation }) => !operation || access?.may(operation)).map(({ href, label, icon: Icon }) => (
            <li key={href}>
              <Button asChild variant="outline" w="full" h="auto" py="4" flexDirection="column" gap="2" whiteSpace="normal">
                <AppLink href={href}>
                  <Icon aria-hidden focusable="false" />
                  {label}
                </AppLink>
              </Button>
            </li>
          ))}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
