// The flash explorer's form shows the fill the device was given (issue 24): left to the core, the
// fill follows the over-provisioning (0.5 here), not the catalogue's default 0.85.
import { expect, test } from './fixtures';

test('the flash form shows the initial fill of the device it opened', async ({ page }) => {
  await page.goto('/?trace=0,1,2,3,0w,1w,2w,3w&view=explore&ftl=page&blocks=8&pages-per-block=4&overprovision=0.5');
  await expect(page.getByRole('status', { name: 'Position' })).toHaveText('0 / 8');
  await page.getByText('More device settings').click();
  await expect(page.getByRole('spinbutton', { name: 'Initial fill' })).toHaveValue('0.5');
  // A fill the link gives is the form's.
  await page.goto('/?trace=0,1,2,3,0w,1w,2w,3w&view=explore&ftl=page&blocks=8&pages-per-block=4&overprovision=0.5&fill=0.25');
  await expect(page.getByRole('status', { name: 'Position' })).toHaveText('0 / 8');
  await page.getByText('More device settings').click();
  await expect(page.getByRole('spinbutton', { name: 'Initial fill' })).toHaveValue('0.25');
});
