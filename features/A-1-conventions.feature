@A-1
Feature: General conventions (A-1)
  All paths are relative to the base address (A-1.1). Requests and responses
  are JSON with Content-Type application/json, except the success of Check
  Available Payment Amount, which is text/plain (A-1.2). GET operations take
  their parameters from the query string, PUT and POST operations from the
  JSON body, and path parameters from the path (A-1.6). Every call is allowed
  up to 90 seconds (A-1.4): the suite waits that long, or the profile's
  callTimeout, before it reports a call as timed out.

  Rule: Every operation is reached at its path below the base address, with its parameters where A-1.6 puts them, and answers JSON

    @A-1#1 @A-1#2 @A-1#6
    Scenario Outline: When the partner <operation>, the response is JSON
      Given the partner has created an account
      When the partner <operation>
      Then the call succeeds
      And the response is a JSON object with Content-Type application/json

      @A-4.1
      Examples: Issue Token
        | operation        |
        | requests a token |

      @A-4.2
      Examples: Create Account
        | operation          |
        | creates an account |

      @A-4.3
      Examples: Update Account Information
        | operation                       |
        | updates the account information |

      @A-4.4
      Examples: Get Account Information
        | operation                     |
        | reads the account information |

      @A-4.5
      Examples: Close Account
        | operation          |
        | closes the account |

    @A-7 @A-1#2 @A-7#3
    Scenario: An error response is JSON too
      Given the partner has created an account
      When the partner closes the account without closingReason
      Then the call is rejected as a syntax error
      And the response is a JSON object with Content-Type application/json

  Rule: Check Available Payment Amount answers in plain text

    @B-4.11 @A-1#3
    Scenario: The available payment amount is answered as text/plain
      Given the partner has created an account
      And the account has been loaded with 40.00
      When the partner checks whether what the account can afford is available
      Then the answer is exactly yes as plain text
