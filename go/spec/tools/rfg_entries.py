"""The RFG rulebook entries in compact form; `python3 rfg_entries.py > ../data/rfg.yaml`
writes the registry. Every sentence is the project's own wording; numbers are the rulebook's.
Each entry: (article, parent, title, paraphrase, untestable_reason or None, [interpretations])."""
import json

C = "Conduct or equipment at the board; no position, record or clock reading decides it."
ARB = "Left to the arbiter's judgement; no program can decide it from a record."
ORG = "Organisation of a competition; nothing in a game record or pairing decides it."

E = [
 ("1", None, "Nature and aim of the game", "Two players alternately put stones on a board; Black starts; after one player's move it is the other's turn.", None, []),
 ("1.1", "1", "Alternate turns, Black first", "The players place stones in turn; the player with Black makes the first move, and once a player has moved it is the partner's turn.", None, ["A handicap game (10, 2.2) is the exception to Black moving first: after the handicap stones White moves first; the case or record says who starts."]),
 ("1.2", "1", "Aim: territory and captures", "Each player tries to surround territory and to capture the opponent's stones.", "States the purpose of play; the counting of 8-10 is what tests it.", []),
 ("2", None, "Start of the game", "The board, the stones, and how a game starts.", None, []),
 ("2.1", "2", "Board and stones of two colours", "A game is played on a plain rectangular board with stones of two distinguishable colours, usually black and white.", C, []),
 ("2.2", "2", "Empty board or handicap", "A game starts either on an empty board or with handicap stones.", None, ["A handicap setup is a list of Black stones placed before the first move (SGF AB); the oracle accepts any set of distinct points, the fixed handicap placement being an appendix matter outside these rules."]),
 ("2.3", "2", "The standard 19-line board", "The standard board has 19 by 19 lines, its 361 intersections being the playing points, with letters (skipping I) and numbers naming them and nine marked star points.", None, ["Physical sizes in millimetres are equipment and not tested; the number of lines is."]),
 ("2.4", "2", "Smaller boards", "A game may also be played on 13 by 13 or 9 by 9 lines, with the stone counts scaled to fit.", None, ["The oracle accepts exactly 9, 13 and 19 lines; any other size is a typed error."]),
 ("2.5", "2", "Orientation of the board", "The longer edges of the board are perpendicular to the players.", C, []),
 ("3", None, "What a move is", "A move is placing a stone or passing; a move that fills the last liberty of stones captures them.", None, []),
 ("3.1", "3", "Two kinds of move", "A move is either putting a stone on an empty point or passing.", None, []),
 ("3.1a", "3.1", "Placing a stone", "A stone may be put on any empty point (subject to article 5).", None, ["A point already occupied is never a legal move; the oracle refuses it citing this clause."]),
 ("3.1b", "3.1", "Passing", "Saying pass, or pressing the clock without placing a stone, is a move.", None, ["A pass changes no stone and counts towards the three passes of 7.1."]),
 ("3.2", "3", "Capture", "When a move takes the last liberty of a stone or a connected group, those stones are captured and the mover removes them at once.", None, ["Liberties are the empty points orthogonally next to a stone; stones of one colour orthogonally adjacent form one group sharing its liberties (the commentary's definition of dame)."]),
 ("3.3", "3", "Prisoners", "Removed stones become prisoners, kept in view of the opponent, who may ask to count them on their turn.", None, ["The oracle keeps a prisoner count per side; how they are displayed is conduct."]),
 ("4", None, "Making a move", "How a move is physically made and when it is complete.", C, []),
 ("4.1", "4", "One hand", "Each move is made with one hand only.", C, []),
 ("4.2", "4", "Adjusting stones", "After announcing it, a player may straighten stones on their points during their turn.", C, []),
 ("4.3", "4", "When a move is complete", "A move is complete when the hand leaves the stone; under byo-yomi or blitz when the clock is pressed; with a capture, when all captured stones are removed.", C, []),
 ("4.4", "4", "One stone from the bowl", "Only one stone may be taken from the bowl for a move.", C, []),
 ("5", None, "Forbidden moves", "Suicide and repetition of a position are forbidden.", None, []),
 ("5.1", "5", "No suicide", "A move may not take the last liberty of the mover's own stones, nor put a single stone where it would have no liberty, unless it captures at least one enemy stone.", None, ["The capture is resolved first (3.2): a move that leaves its own group without liberties is legal exactly when it removes enemy stones, which then give it liberties.", "Multi-stone suicide is forbidden as well as single-stone suicide: the clause names both the group's last liberty and the lone stone."]),
 ("5.2", "5", "No repetition; ko", "A move may not repeat a position; in particular a stone that captured a single stone on the previous move may not be captured back at once, so each retake in a ko needs a move elsewhere first.", None, ["The first sentence forbids any move that recreates an earlier whole-board position (positional superko); the ko description that follows is only its commonest case. The project reads the rule as positional superko (profile rfg) and offers the simple-ko reading as profile rfg-simple-ko, which most engines enforce.", "A position is the arrangement of stones on the board only; the side to move is not part of it (positional, not situational). Passes do not repeat a position in this sense: a pass is always legal.", "6.3 sends the long cycles (triple ko and the like) to the arbiter; under positional superko the oracle forbids the repeating move itself, under simple ko it allows it and gives no result for the game (see 6.3)."]),
 ("6", None, "Life and death: special cases", "Seki, bent four in the corner, and positions to be resolved by the arbiter.", None, []),
 ("6.1", "6", "Positions neither side wants to start", "Where starting play is bad for both, the special cases a-c apply.", None, []),
 ("6.1a", "6.1", "Seki", "Groups without two eyes that neither player can surround against resistance are all alive; this is seki.", None, ["The oracle does not read life and death; at counting it takes the players' agreed dead stones and treats every other stone as alive.", "Seki at counting: after the dead stones are removed, every neutral point (an empty region touching both colours) that one side can fill safely is filled, repeatedly, as 7.1 has the players do. A fill is safe when the filling stone's group keeps at least two liberties in its own eyes or territory; failing any such fill, when it keeps at least two liberties of any kind and leaves no enemy group with fewer than two. A fill that would capture is not a filling move. The neutral points still empty at the end are seki points: either side could fill them only by leaving its own stones with one liberty or none, which is how 'neither side can finish surrounding' shows on a finished board. The groups touching a seki point (through the filled points) are in seki when they lack two eyes, as 6.1a requires: a group bordering two regions of its own colour, or one of three points or more (room for two eyes: played first, it makes them and then takes the partner), is not in seki, and its territory counts.", "Reason: a live group merely touching an unfilled neutral point is not in seki. Real records rarely fill every neutral point before the result is written, and 8.3 makes such points neutral, worth nothing, without voiding anyone's territory; the decision keeps the count of a position the same whether or not its neutral points are filled (a property test over generated finished positions).", "Open points decided: the eyes of groups in seki are not territory (8.1 commentary, one region enclosed by a seki group is enough); a point that neither side can fill without putting itself in atari is a seki point, and the groups beside it are in seki."]),
 ("6.1b", "6.1", "Bent four in the corner", "A surrounding group is dead if a bent four in the corner exists or can be made inside it.", "Reading a life-and-death status; the oracle takes the agreed dead stones and does not judge them.", []),
 ("6.1c", "6.1", "Ishi-no-shita, thousand-year ko", "In such positions the result is settled as if the player who claims more must start play.", "A life-and-death judgement by hypothetical play; outside the oracle.", []),
 ("6.2", "6", "Double ko", "With double ko: if each group has one eye it is seki; otherwise only one group lives.", "A life-and-death status; the agreed dead stones carry it.", []),
 ("6.3", "6", "Cycles to the arbiter", "Positions that cannot be reduced to the cases above, such as round-robin ko, triple ko, quadruple ko or eternal life, are decided by the arbiter: loss for both, a penalty under 13.4, or a replay.", None, ["The oracle gives no result for such a game: under simple ko a repeated whole-board position in a game is reported as 'arbiter' rather than as a win; under positional superko the repeating move is already illegal by 5.2."]),
 ("7", None, "End of the game", "Three passes end the main game; then boundaries are settled and the game is counted, unless someone resigned.", None, []),
 ("7.1", "7", "Three passes end the main game", "The main game ends after three passes in a row; then the players complete the boundaries and fill the neutral points, and show each other their territories; points inside seki are not filled.", None, ["Three consecutive passes means three pass moves with no stone between them, whoever made them: B pass, W pass, B pass ends the game. Two passes do not.", "After the third pass the end-of-game phase is played as moves: filling neutral points, connecting kos (7.2) and the point-gaining moves of the commentary alternate under the normal rules (turns 1.1, capture 3.2, suicide 5.1, repetition 5.2, two moves in a row 11d); such a move is legal and recorded. The phase is over after two passes in a row made in it (each player has nothing more to fill), and no move follows (7.2 commentary: the game is finished once territories are agreed). The count is made on the position the record ends with.", "A position counted with its neutral points left empty counts the same as with them filled: neutral points are worth nothing (8.3) and do not void territory (see 6.1a). A fill that gains a point is a different position, and the commentary gives that move to the player whose turn it is."]),
 ("7.2", "7", "Kos filled; disputes replayed", "At the end every direct ko is filled; disputed inner moves or life and death are settled by play on another board from the disputed position.", None, ["Connecting a ko at the end is a move of the filling phase (7.1), played in turn under the normal rules, 5.2 included; the oracle does not force it, and a record that leaves a ko open is counted as it stands.", "By the commentary the game is finished once the players agree on the territories and take the dead stones off; the project marks that agreement by two passes in a row in the filling phase, after which no move is played (a refusal citing this article). GTP has no end of game, so an engine is not asked about moves after it.", "The dispute procedure (play on another board) happens off the record; the oracle takes the agreed dead stones."]),
 ("7.3", "7", "Resignation", "The game ends when a player resigns.", None, []),
 ("8", None, "Territory and boundaries", "What territory is.", None, []),
 ("8.1", "8", "Territory inside live groups", "Empty points inside live groups are territory, and those groups are its boundary.", None, ["By the commentary, points enclosed by groups living in seki are not territory. The oracle decides seki as in 6.1a (a neutral point neither side can fill safely); an empty region of one colour bordered by a group in seki scores for nobody.", "An empty region bordered by one colour only is that colour's territory even when the groups around it also touch unfilled neutral points (8.3): touching a neutral point is not seki."]),
 ("8.2", "8", "Dead stones in territory", "Points occupied by dead enemy stones count as territory too.", None, ["Dead stones are removed, count as prisoners of the side whose territory they are in (7.2 commentary), and their points are territory."]),
 ("8.3", "8", "Neutral points", "Empty points between the two sides' boundaries are not territory; they are neutral.", None, ["An empty region touching stones of both colours, after dead stones are removed, is neutral."]),
 ("9", None, "Counting", "How the score is made.", None, []),
 ("9.1", "9", "Result by points", "Unless someone resigned, the result is decided by the players' points.", None, []),
 ("9.2", "9", "What scores a point", "Each empty point of one's territory and each prisoner is one point.", None, []),
 ("9.2a", "9.2", "Territory points", "One point per empty point of one's territory.", None, []),
 ("9.2b", "9.2", "Prisoner points", "One point per prisoner held.", None, []),
 ("9.3", "9", "Komi", "White receives komi, compensation for Black's first move, usually 6.5 points.", None, ["The komi is part of the game (the case or SGF KM). When it is not stated, one rule (go_spec GoProfile::komi_for) gives it for cases, records and profiles alike: the profile's komi (6.5, the commentary's usual value) in an even game, 0 in a handicap game, handicap 1 included (no stones, Black starts), where the 10.2 commentary's half point to White on equal sums is White's only compensation."]),
 ("10", None, "Winning", "Who wins a game.", None, []),
 ("10.1", "10", "Win by resignation", "The opponent of a player who resigned wins.", None, []),
 ("10.2", "10", "Win on points", "The player with the larger sum wins; komi is added to White's sum and the difference decides.", None, ["Equal sums in a handicap game go to White, by half a point (commentary). In an even game with a whole-number komi equal sums are a draw (jigo): the text names no winner there and the project reports no winner.", "By the commentary, a game is also won by the player whose opponent is given a loss under article 11."]),
 ("11", None, "Losing a game", "Besides the count, a game is lost for these reasons.", None, []),
 ("11a", "11", "Time exceeded", "A player who overruns the time control loses.", None, ["With byo-yomi, the time control includes the byo-yomi periods (12.2): the loss comes when the last period is overrun."]),
 ("11b", "11", "Late arrival", "A player who arrives more than half the main time late (unless otherwise agreed), or not at all, loses.", None, ["Exactly half the main time late is not 'more than half': the game goes on (with the lost time, 12.6). Both players that late lose both (commentary)."]),
 ("11c", "11", "Position disturbed beyond repair", "A player loses if the position has been displaced and cannot be restored.", "A physical fact at the board; a record cannot show it.", []),
 ("11d", "11", "Two moves in a row", "A player who makes two moves in a row loses.", None, ["In a record, two consecutive moves of the same colour (without a pass between them) are two moves in a row: the player who made the second one loses. An SGF record that states the colour of each move shows it; a handicap setup (AB) is not a move."]),
 ("11e", "11", "Refusing the rules", "A player who refuses to follow the rules during the game loses; both lose if both refuse.", ARB, []),
 ("12", None, "The Go clock", "Clocks, main time, byo-yomi and flags.", None, []),
 ("12.1", "12", "What a clock is", "A Go clock has two linked time displays, only one running at a time; a flag fall means the allotted time is over.", None, []),
 ("12.2", "12", "Main time and byo-yomi", "Each player makes a number of moves, or all moves, in the main time; after it, byo-yomi may be given if agreed in advance.", None, []),
 ("12.2a", "12.2", "Main time, then byo-yomi", "After the main time, extra time per move (byo-yomi) may follow if it was fixed beforehand.", None, []),
 ("12.2b", "12.2", "Saved time is not carried", "Time saved in the main time or a byo-yomi period is not added to the next period.", None, ["Hence a byo-yomi period restarts in full after each move (per-move) or after the stated number of moves (per-period), whatever was left."]),
 ("12.2.1", "12.2", "Byo-yomi by move", "A fixed time is given for each single move.", None, ["Per the 12.16 commentary, a player who fails to move in time loses the turn to the partner; the project reads 12.10 and 11a as overriding for an overrun of the last byo-yomi and treats the overrun as a loss on time, and notes that the commentary's passing of the turn is a local custom the oracle does not model."]),
 ("12.2.2", "12.2", "Byo-yomi by period", "A fixed time is given for a number of moves.", None, ["If the stated number of moves is not completed in the period, the game is lost (12.15 commentary)."]),
 ("12.3", "12", "Checking at the flag", "When a flag falls, whether 12.2a was met is checked at once.", None, []),
 ("12.4", "12", "Placing the clock", "The arbiter decides where the clock stands (by White's right hand if White wishes).", C, []),
 ("12.5", "12", "Black's clock starts", "At the start time Black's clock is started.", None, []),
 ("12.6", "12", "Both absent", "If neither player is present at the start, Black loses all the time that passes until arrival, unless the rules of the event or the arbiter decide otherwise.", None, []),
 ("12.7", "12", "Late by more than half the main time", "A player more than half the main time late loses, unless the event's rules or the arbiter decide otherwise.", None, ["The same rule as 11b; the oracle cites both."]),
 ("12.8", "12", "Pressing the clock", "After moving, a player stops their clock and starts the partner's, with the same hand; the time until then is theirs.", C, []),
 ("12.9", "12", "When a flag has fallen", "A flag counts as fallen when the arbiter sees it or a player rightly claims it.", ARB, []),
 ("12.10", "12", "Moves not made in time", "Apart from a game already ended by resignation or count, a player who does not make the required moves in the allotted time loses.", None, []),
 ("12.11", "12", "Clock readings", "A clock's reading stands unless the clock is evidently faulty; a faulty clock is replaced and set by the arbiter.", ARB, []),
 ("12.12", "12", "Both flags down", "If both flags are down and it cannot be told which fell first, play continues.", "A clock record with times always tells which flag fell first; the clause is about physical clocks that cannot.", []),
 ("12.13", "12", "Stopping the clocks", "The arbiter stops the clocks to interrupt play; a player may stop them only to call the arbiter, and is penalised if without good reason.", ARB, []),
 ("12.14", "12", "Clocks after restoring a position", "After an irregularity the arbiter sets the clocks and move counter by good judgement.", ARB, []),
 ("12.15", "12", "Counting stones for period byo-yomi", "A player entering byo-yomi by period counts out the required stones; the partner sets the time and checks the count.", None, ["Counting out stones is conduct; the commentary's rule that a period's moves not completed in its time lose the game is what the oracle tests (see 12.2.2)."]),
 ("12.16", "12", "Timing byo-yomi by move", "With byo-yomi by move the arbiter or an assistant counts the time aloud.", None, ["Counting aloud is conduct; for the commentary's passing of the turn on an overrun the project reads 12.10 and 11a as overriding (see 12.2.1): the overrun of the last period loses on time."]),
 ("12.17", "12", "Displays in the hall", "Screens and demonstration boards are allowed, but a player may not base a claim on them.", C, []),
 ("13", None, "Irregular positions", "Wrong handicap, wrong board placement, wrong colour, displaced stones and impossible moves.", None, []),
 ("13.1", "13", "Wrong handicap or board", "A wrong handicap annuls the game and a new one is played; a wrongly placed board alone lets the game continue on a correctly placed one.", ARB, []),
 ("13.2", "13", "Wrong colour", "A game started with the wrong colours continues unless the arbiter decides otherwise.", None, ["A record whose first move is made by the colour that was not to start (White in an even game, Black after handicap stones) goes on: the oracle accepts that move, flags the game as begun with the wrong colour for the arbiter, and passes the turn as after any move. It is not two moves in a row (11d): nobody has moved before."]),
 ("13.3", "13", "Displaced stones", "A player who displaces stones restores them on their own time; if impossible, 11c applies.", C, []),
 ("13.4", "13", "Impossible moves", "The position before an impossible move is restored and play continues; the partner gets two minutes for each of the first two impossible moves, and the third loses the game.", None, ["An impossible move is an illegal one by 3 and 5; the oracle names the first one in a record and counts them per player: a player's third loses (13.4b)."]),
 ("13.4a", "13.4", "Restore and continue", "The position just before the irregularity is restored (or the last restorable one) and play goes on.", None, []),
 ("13.4b", "13.4", "Penalty: two minutes, then loss", "For each of a player's first two impossible moves the partner receives two extra minutes; the third loses.", None, []),
 ("14", None, "Recording the moves", "Each player records the game; exceptions in time trouble; signing the result.", "Record keeping on paper; a program sees only the record.", []),
 ("15", None, "Scoring results", "A won game, including by default, gives one point, a lost one none, unless fixed otherwise in advance.", None, ["A win by award (a forfeit, the game not played) scores as a win and counts as a game won; the two players were paired, so each is the other's opponent for Buchholz, SOS and the like.", "A double loss (11 commentary, 16.8, B.7) gives neither player a point; they are still each other's opponents.", "A draw (equal sums with a whole-number komi, 10.2) is not named by this article: the project gives half a point to each, and Berger and SODOS count half of a drawn opponent's score."]),
 ("16", None, "Players' conduct", "Players must not bring the game into disrepute, use notes or advice, leave the playing area or disturb the partner; persistent refusal to obey the rules loses.", C, []),
 ("17", None, "The arbiter", "The arbiter sees that the rules are kept, watches games in time trouble, and may give warnings, time penalties or a loss; spectators must not interfere.", ARB, []),
 ("18", None, "Interpretation of the rules", "Regional federations may ask the RFG for official rulings on the rules.", ORG, []),
 ("T", None, "Tournament rules", "The tournament rules of RFG competitions: invitation, draw, play, captains, conduct, arbiters, penalties, smoking, broadcasting.", ORG, []),
 ("T1", "T", "Invitation and registration", "Organisers send complete invitations in time; an accepted invitation binds both sides.", ORG, []),
 ("T2", "T", "The draw", "The draw is public and held well before the first round; restricted draws may use Varma tables.", ORG, []),
 ("T3", "T", "Play", "Games are played in the hall at the announced times, with the clocks set and started as announced.", ORG, []),
 ("T4", "T", "Team captain", "A captain's role is administrative; they may advise on resigning or offers but not on play.", ORG, []),
 ("T5", "T", "Conduct in the event", "Arranged results are punished; a player losing three games by absence is excluded; withdrawals are handled by the kind of tournament.", ORG, []),
 ("T6", "T", "The chief arbiter", "Who appoints the chief arbiter and what they must ensure.", ORG, []),
 ("T7", "T", "Penalties, protests, appeals", "Disputes go to the chief arbiter, then to an appeals committee chosen before the first round, whose decision is final.", ORG, []),
 ("T8", "T", "No smoking", "Smoking is not allowed in the playing hall.", ORG, []),
 ("T9", "T", "Broadcasting and photography", "Broadcast rights and cameras in the hall are under the organiser's control.", ORG, []),
 ("TB", None, "Tie-break indicators", "Appendix to the tournament rules: the indicators that order players with equal scores, and which to use in which tournament.", None, []),
 ("TB1", "TB", "The indicators", "Players are ranked in descending order of the chosen indicators, each used in turn to split remaining ties.", None, []),
 ("TB1.1.1", "TB1", "Cumulative score", "The sum, over rounds, of the player's running score after each round.", None, ["A bye counts as the score the pairing rules give it; the oracle takes a player's per-round results as given."]),
 ("TB1.1.2", "TB1", "Match points in team events", "A team gets 2 for a match won (more than half the boards), 1 for exactly half, 0 for less.", None, ["The rulebook numbers this item 12.1.2 by a slip in the text; the project files it as 1.1.2 where it stands.", "Half is taken of the boards the team had to field, as the text says, not of the games played: 2 points on a four-board match with one board unplayed is a drawn match."]),
 ("TB1.1.4", "TB1", "Head-to-head", "If all tied players have met each other, the points among them decide.", None, ["The tied players are those with the same score (points won); the indicator is the points a player took in all games against them, repeated games included.", "When some two of the tied players never met, the indicator decides nothing for any of them and is reported as absent, not as zero.", "A player alone on a score has nothing to split: the indicator is 0."]),
 ("TB1.1.5", "TB1", "Number of wins", "The number of games won.", None, []),
 ("TB1.2.1.1", "TB1", "Buchholz", "The sum of the scores of each of the player's opponents.", None, []),
 ("TB1.2.1.2", "TB1", "Sum of Buchholz", "The sum of the opponents' Buchholz values.", None, []),
 ("TB1.2.2.1", "TB1", "Berger (Sonneborn-Berger)", "The sum of the scores of the opponents the player beat.", None, ["The text counts only defeated opponents (no half weight for draws, Go having few); the project follows the text."]),
 ("TB1.2.3.1", "TB1", "McMahon score", "A starting McMahon score given to each strength group, plus the points won.", None, []),
 ("TB1.2.3.2", "TB1", "SOS", "The sum of the McMahon scores of the player's opponents.", None, []),
 ("TB1.2.3.3", "TB1", "SODOS", "The sum of the McMahon scores of the opponents the player beat.", None, ["Counted like Berger (TB1.2.2.1): beaten opponents only, a draw adds nothing."]),
 ("TB1.2.3.4", "TB1", "SOSOS", "The sum of the opponents' SOS.", None, []),
 ("TB1.3.1", "TB1", "Average rating of opponents", "The sum of the opponents' ratings divided by the number of rounds.", None, ["The divisor is the number of rounds of the event so far (the last round in the table), as the text says, not the games played: a bye or a round without a game adds no rating and still counts.", "A forfeit's opponent counts, as for Buchholz: the players were paired.", "When an opponent has no rating the sum cannot be formed; the indicator is absent rather than computed with an invented rating (TB2 itself calls rating indicators doubtful where ratings are unknown)."]),
 ("TB2", "TB", "Which indicators for which event", "The indicators are fixed in advance by kind of tournament, from one group only; McMahon events use MM, SOS, SODOS, SOSOS.", None, ["The recommended lists per kind of event (individual and team round robin, rated and unrated individual Swiss, team Swiss, McMahon) are kept as data in the order the text gives them; they are advice (the commentary says so), so an indicator outside its list is not refused.", "The rule of one group only cannot be read literally: the text's own lists mix own-result indicators (head-to-head, wins) with Berger, an opponents' result indicator. Its example of a wrong mix is cumulative score with Buchholz, and the commentary presents the two as the organiser's alternative; the project therefore refuses the cumulative score together with any indicator of the opponents' results or ratings (TB 1.2, 1.3), and allows the rest.", "The rated Swiss list names cumulative score, Buchholz and Berger together; read with the commentary, cumulative score is one alternative and Buchholz with Berger the other.", "An indicator chosen twice is refused: its second use can split no tie the first left."]),
 ("MM", None, "McMahon tournaments", "Rules for pairing tournaments by the McMahon system.", None, []),
 ("MM.A", "MM", "Principles and definitions", "Ratings, the pairing order (MM score, rating, name), McMahon groups, floaters, byes, subgroups S1 and S2, colour by nigiri, transfers and exchanges.", None, []),
 ("MM.A2", "MM.A", "Pairing order", "For pairing, players are ordered by McMahon score, then rating, then alphabetically.", None, []),
 ("MM.A5", "MM.A", "Bye", "With an odd number of players, one player gets a bye: no game, no partner, one point; for pairing it counts as being moved down.", None, ["A bye is one point in the score, the McMahon score and the cumulative score, but not a game won, and it brings no opponent into Buchholz, SOS or Berger."]),
 ("MM.A6", "MM.A", "Subgroups S1 and S2", "Each group is split: a mixed group's S1 holds those who came down, a homogeneous group's S1 the upper half rounded down; S2 the rest.", None, []),
 ("MM.A7", "MM.A", "Colour", "A player's colour is decided by nigiri unless handicap decides it.", "A random draw at the board.", []),
 ("MM.B", "MM", "Pairing criteria", "Absolute criteria that may never be broken and relative ones of decreasing priority.", None, []),
 ("MM.B1", "MM.B", "Absolute criteria", "Two players meet at most once; a player who has had a point without play does not get another.", None, []),
 ("MM.B3", "MM.B", "Smallest score difference", "Paired players' scores should differ as little as possible, ideally not at all.", None, []),
 ("MM.B4", "MM.B", "No repeated float", "No player gets the same float in two consecutive rounds, nor (B5) the same as two rounds before; not applied above 50% before the last round.", None, []),
 ("MM.C", "MM", "Pairing procedure", "Steps C.1-C.12 applied group by group from the top: pair S1 against S2 in order, then try transfers, exchanges, relaxations and backtracking.", None, []),
 ("MM.D", "MM", "Transfers and exchanges", "The order in which transfers within S2 and exchanges between S1 and S2 are tried.", None, []),
 ("MM.E", "MM", "Final remarks", "Publishing order of pairings, withdrawals, keeping published pairings, and the final ranking by MM, SOS, SODOS, SOSOS.", None, []),
 ("MM.E8", "MM.E", "Final ranking", "Places are decided by McMahon score, then SOS, SODOS, SOSOS; prize money is shared on equal McMahon score.", None, []),
 ("MM.L", "MM", "Late arrival at the event", "A player expected late is paired from the round of arrival and gets the points the organisers fix for missed rounds.", ORG, []),
 ("MM.P", "MM", "Approved pairing programs", "The MacMahon program is recommended for computer pairing.", ORG, []),
]

def q(s):
    return json.dumps(s, ensure_ascii=False)

print("# The Russian Go Federation rules (`../shared/rules/004_…`, June 2003): the rules of play")
print("# (articles 1-11), the clock (12), irregular positions (13), the remaining articles of play")
print("# (14-18), the tournament rules (T1-T9), the tie-break appendix (TB) and the McMahon rules")
print("# (MM), in the project's own words. Generated from go/spec/tools/rfg_entries.py; edit that.")
for (art, parent, title, para, reason, interp) in E:
    print()
    print(f"- id: {q('rfg:' + art)}")
    if parent:
        print(f"  parent: {q('rfg:' + parent)}")
    print(f"  title: {q(title)}")
    print(f"  paraphrase: {q(para)}")
    print(f"  testable: {'false' if reason else 'true'}")
    if reason:
        print(f"  untestable_reason: {q(reason)}")
    if interp:
        print("  interpretation:")
        for i in interp:
            print(f"    - {q(i)}")
