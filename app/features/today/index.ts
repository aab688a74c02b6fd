// The Today feature's public module (decision 039): the first screen of a sales or admin account (decision 044).

export {
  TODAY_SECTION_LABELS,
  TODAY_SECTIONS,
  type TodayLead,
  type TodayLine,
  type TodaySection,
  type TodayVote,
  todayLines,
} from "./lines";
export { TodayList } from "./today-list";
