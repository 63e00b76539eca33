@A-1
Feature: General conventions (A-1)
  Requests and responses are JSON with Content-Type application/json; GET
  operations take their parameters from the query string, PUT and POST
  operations from the JSON body (A-1.6). Every call is allowed up to 90
  seconds (A-1.4): the suite waits that long, or the profile's callTimeout,
  before it reports a call as timed out.

  Rule: Responses are JSON

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

    @A-7
    Scenario: An error response is JSON too
      Given the partner has created an account
      When the partner closes the account without closingReason
      Then the call is rejected as a syntax error
      And the response is a JSON object with Content-Type application/json
