/** The texts that name the team: '{product} team' with this page's product name (PRODUCT_NAME on the server). */
import { productTeamName } from '../../common/page-data';
import { getPageData } from './page-data';

export function getProductTeamName(): string {
  return productTeamName(getPageData().productName);
}
