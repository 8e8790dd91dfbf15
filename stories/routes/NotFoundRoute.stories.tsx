import type { Meta } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { texts } from '../../src/lib/texts';
import { AppStory } from './AppStory';
import { ready } from './plays';
import { screen, type ScreenStory as Story } from './screen';

export default { title: 'Screens/NotFound', tags: ['!autodocs'], ...screen('/nowhere') } satisfies Meta<typeof AppStory>;

/** An unknown path shows only the text 'NotFound': no shell, no API call. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(texts.notFound, undefined, ready)).toBeVisible();
    await expect(canvasElement.textContent?.trim()).toBe(texts.notFound);
    await expect(within(canvasElement).queryByRole('navigation')).not.toBeInTheDocument();
  },
};
