/** The deployment's company status and the service-provider directory, for other features. */
export { COMPANIES, type CompanySeed } from './company.data.js';
export { CompanyDirectory, CompanyService } from './company.service.js';
